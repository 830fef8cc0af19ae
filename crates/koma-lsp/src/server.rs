//! The server: the capabilities it announces, and one loop that answers requests and notifications in
//! order, on the thread that reads them.

use std::collections::HashMap;

use koma_host::Host;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    Request as _,
};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, OneOf, PublishDiagnosticsParams,
    ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind, TextEdit, Uri,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::document::Document;
use crate::position::LineIndex;

/// What the server can do.
pub(crate) fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["\"".into(), " ".into()]),
            ..CompletionOptions::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// The open documents, and the host that checks them.
pub(crate) struct Server {
    host: Host,
    documents: HashMap<Uri, Document>,
}

/// Serves one client on `connection` until it shuts down.
pub(crate) fn serve(connection: &Connection) -> Result<(), String> {
    let capabilities = serde_json::to_value(capabilities()).map_err(|e| e.to_string())?;
    connection
        .initialize(capabilities)
        .map_err(|e| format!("the client did not initialize: {e}"))?;
    let mut server = Server {
        host: Host::disk(),
        documents: HashMap::new(),
    };
    for message in &connection.receiver {
        let reply: Option<Message> = match message {
            Message::Request(request) => {
                if connection
                    .handle_shutdown(&request)
                    .map_err(|e| e.to_string())?
                {
                    return Ok(());
                }
                Some(server.request(request).into())
            }
            Message::Notification(n) => server.notify(n).map(Message::from),
            Message::Response(_) => None,
        };
        if let Some(reply) = reply {
            connection
                .sender
                .send(reply)
                .map_err(|e| format!("the client went away: {e}"))?;
        }
    }
    Ok(())
}

/// A request's parameters, or the response that says they are wrong.
fn params<P: DeserializeOwned>(request: &Request) -> Result<P, Response> {
    serde_json::from_value(request.params.clone()).map_err(|e| {
        Response::new_err(
            request.id.clone(),
            ErrorCode::InvalidParams as i32,
            format!("{}: {e}", request.method),
        )
    })
}

impl Server {
    fn request(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        let result = match request.method.as_str() {
            HoverRequest::METHOD => self.hover(&request),
            GotoDefinition::METHOD => self.definition(&request),
            Completion::METHOD => self.completion(&request),
            CodeActionRequest::METHOD => self.actions(&request),
            DocumentSymbolRequest::METHOD => self.symbols(&request),
            Formatting::METHOD => self.format(&request),
            other => Err(Response::new_err(
                id.clone(),
                ErrorCode::MethodNotFound as i32,
                format!("koma lsp does not answer `{other}`"),
            )),
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err(response) => response,
        }
    }

    /// The document and the byte a position request points at.
    fn locate(
        &mut self,
        position: &lsp_types::TextDocumentPositionParams,
    ) -> Option<(&mut Document, usize)> {
        let doc = self.documents.get_mut(&position.text_document.uri)?;
        let at = LineIndex::new(&doc.text).offset(position.position);
        Some((doc, at))
    }

    fn hover(&mut self, request: &Request) -> Result<Value, Response> {
        let p: lsp_types::HoverParams = params(request)?;
        let hover = self
            .locate(&p.text_document_position_params)
            .and_then(|(doc, at)| crate::hover::at(doc, at));
        Ok(serde_json::to_value(hover).unwrap_or(Value::Null))
    }

    fn definition(&mut self, request: &Request) -> Result<Value, Response> {
        let p: lsp_types::GotoDefinitionParams = params(request)?;
        let found = self
            .locate(&p.text_document_position_params)
            .and_then(|(doc, at)| crate::definition::at(doc, at));
        Ok(serde_json::to_value(found).unwrap_or(Value::Null))
    }

    fn completion(&mut self, request: &Request) -> Result<Value, Response> {
        let p: lsp_types::CompletionParams = params(request)?;
        let items = self
            .locate(&p.text_document_position)
            .map(|(doc, at)| crate::completion::at(doc, at))
            .unwrap_or_default();
        Ok(serde_json::to_value(items).unwrap_or(Value::Null))
    }

    fn actions(&mut self, request: &Request) -> Result<Value, Response> {
        let p: lsp_types::CodeActionParams = params(request)?;
        let actions = self
            .documents
            .get(&p.text_document.uri)
            .map(|doc| crate::actions::for_diagnostics(doc, &p.context.diagnostics))
            .unwrap_or_default();
        Ok(serde_json::to_value(actions).unwrap_or(Value::Null))
    }

    fn symbols(&mut self, request: &Request) -> Result<Value, Response> {
        let p: lsp_types::DocumentSymbolParams = params(request)?;
        let symbols = self
            .documents
            .get(&p.text_document.uri)
            .and_then(|doc| Some(crate::symbols::of(&doc.text, doc.outline.as_ref()?)))
            .unwrap_or_default();
        Ok(serde_json::to_value(symbols).unwrap_or(Value::Null))
    }

    fn format(&mut self, request: &Request) -> Result<Value, Response> {
        let p: lsp_types::DocumentFormattingParams = params(request)?;
        let Some(doc) = self.documents.get(&p.text_document.uri) else {
            return Ok(Value::Null);
        };
        let formatted = self.host.format_text(&doc.name(), &doc.text).map_err(|d| {
            let at = d
                .location()
                .map(|l| format!(" (line {}, column {})", l.line, l.column))
                .unwrap_or_default();
            Response::new_err(
                request.id.clone(),
                ErrorCode::RequestFailed as i32,
                format!("{}: {}{at}", d.code, d.message),
            )
        })?;
        let edits = if formatted == doc.text {
            Vec::new()
        } else {
            let index = LineIndex::new(&doc.text);
            vec![TextEdit::new(index.range(&(0..doc.text.len())), formatted)]
        };
        Ok(serde_json::to_value(edits).unwrap_or(Value::Null))
    }

    /// A notification; the diagnostics to publish, when a document changed.
    fn notify(&mut self, n: Notification) -> Option<Notification> {
        let uri = match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let p: lsp_types::DidOpenTextDocumentParams =
                    serde_json::from_value(n.params).ok()?;
                let doc = Document::open(
                    &self.host,
                    p.text_document.uri.clone(),
                    p.text_document.text,
                );
                self.documents.insert(p.text_document.uri.clone(), doc);
                p.text_document.uri
            }
            DidChangeTextDocument::METHOD => {
                let p: lsp_types::DidChangeTextDocumentParams =
                    serde_json::from_value(n.params).ok()?;
                let text = p.content_changes.into_iter().last()?.text;
                self.documents
                    .get_mut(&p.text_document.uri)?
                    .change(&self.host, text);
                p.text_document.uri
            }
            DidCloseTextDocument::METHOD => {
                let p: lsp_types::DidCloseTextDocumentParams =
                    serde_json::from_value(n.params).ok()?;
                self.documents.remove(&p.text_document.uri);
                return Some(publish(p.text_document.uri, Vec::new()));
            }
            _ => return None,
        };
        let diagnostics = crate::diagnostics::of(self.documents.get(&uri)?);
        Some(publish(uri, diagnostics))
    }
}

fn publish(uri: Uri, diagnostics: Vec<lsp_types::Diagnostic>) -> Notification {
    Notification::new(
        PublishDiagnostics::METHOD.to_string(),
        PublishDiagnosticsParams {
            uri,
            diagnostics,
            version: None,
        },
    )
}
