-- Drives `hcl lsp` from a real editor: Neovim (0.7, Debian's), headless, with its built-in client
-- started by the set-up of docs/lsp.md.
-- Writes what it saw to $OUT, one "key value" per line; lsp_neovim_cli.sh checks it.
local hcl, dir, out_path = os.getenv("HCL"), os.getenv("WORKDIR"), os.getenv("OUT")
local out = assert(io.open(out_path, "w"))
local function report(k, v) out:write(k .. " " .. tostring(v) .. "\n"); out:flush() end

-- The set-up of docs/lsp.md, as written: its 0.8 one where vim.lsp.start exists, else its 0.7 one.
dofile(vim.lsp.start and os.getenv("SETUP_08") or os.getenv("SETUP_07"))
local client_id
local function attach()
  vim.wait(10000, function() return next(vim.lsp.buf_get_clients(0)) ~= nil end, 20)
  client_id = client_id or next(vim.lsp.buf_get_clients(0))
end

-- 1. A broken file gets the diagnostic.
vim.cmd("edit " .. dir .. "/broken.hcl")
attach()
report("client", client_id ~= nil)
vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 20)
local diags = vim.diagnostic.get(0)
report("diagnostics", #diags)
if diags[1] then
  report("diagnostic_line", diags[1].lnum)
  report("diagnostic_message", (diags[1].message:gsub("\n", " ")))
end

-- 2. Formatting gives hcl fmt's bytes (written to disk for the script to compare).
vim.cmd("edit " .. dir .. "/unformatted.tf")
attach()
vim.wait(10000, function() return vim.lsp.buf_is_attached(0, client_id) and vim.lsp.get_client_by_id(client_id).initialized end, 20)
vim.lsp.buf.formatting_sync(nil, 10000)
vim.cmd("write! " .. dir .. "/formatted.out")

-- 3. Go to a variable's definition in another file of the directory.
vim.cmd("edit " .. dir .. "/main.tf")
attach()
vim.fn.search("var\\.region")
vim.cmd("normal! 4l")
vim.lsp.buf.definition()
vim.wait(10000, function() return vim.api.nvim_buf_get_name(0):match("variables%.tf$") ~= nil end, 20)
report("definition_file", vim.fn.fnamemodify(vim.api.nvim_buf_get_name(0), ":t"))
local pos = vim.api.nvim_win_get_cursor(0)
report("definition_cursor", pos[1] .. ":" .. pos[2])

-- 4. A Nomad job is served too.
vim.cmd("edit " .. dir .. "/job.nomad")
attach()
report("nomad_filetype", vim.bo.filetype)
report("nomad_attached", next(vim.lsp.buf_get_clients(0)) ~= nil)

vim.lsp.stop_client(client_id)
out:close()
vim.cmd("qa!")
