// SPDX-License-Identifier: Apache-2.0
// The exports of @cdktf/hcl2json (docs/javascript.md lists where the results differ, and why).
import type { Diagnostic } from './index';

/** A rejection: the message is the first error as HCL writes it; every diagnostic is attached. */
export class HclError extends Error {
  diagnostics: Diagnostic[];
}

/** The file in hcl2json's shape. Rejects with an HclError when it does not parse. */
export function parse(filename: string, contents: string | Uint8Array): Promise<Record<string, any>>;
export function parseSync(filename: string, contents: string | Uint8Array): Record<string, any>;
/** Node.js: the directory's *.tf files read as one, with its *.tf.json files merged over them. */
export function convertFiles(workingDirectory: string): Promise<Record<string, any>>;
export function convertFilesSync(workingDirectory: string): Record<string, any>;
/** A string as an HCL expression, as @cdktf/hcl2json wraps one; wrapOffset is where it starts. */
export function wrapTerraformExpression(input: string): { wrap: string; wrapOffset: number };
