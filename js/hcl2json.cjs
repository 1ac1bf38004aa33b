'use strict';
// SPDX-License-Identifier: Apache-2.0
// require('hcl-toolchain/hcl2json'): the exports of @cdktf/hcl2json (docs/javascript.md).
module.exports = require('./lib/hcl2json.cjs');
