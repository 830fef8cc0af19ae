// Starts `koma lsp` for .game files. The grammar and the language configuration work without it.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("koma").get("path") || "koma";
  client = new LanguageClient(
    "koma",
    "koma language server",
    { command, args: ["lsp"] },
    { documentSelector: [{ language: "koma" }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
