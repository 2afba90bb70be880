// The HTML pages for people: the developer portal (/developers) and the privacy and terms
// pages the connector manifest links to. Plain HTML with an inline <style> only: the CSP allows
// no inline script and nothing from other origins.
import { SERVICE_NAME, CHILDREN, NON_CLINICAL, UNITS_AND_TIME } from './agent-text.ts';
import { RATE_LIMIT_PER_MINUTE } from './catalog.ts';
import { PROMPTS, RESOURCES, TOOLS } from './registry.ts';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#1d2330}
code,pre{font:14px ui-monospace,Menlo,Consolas,monospace;background:#f2f4f7;border-radius:4px}
code{padding:.1rem .3rem}pre{padding:.8rem;overflow-x:auto;white-space:pre-wrap}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dde1e7;padding:.35rem;text-align:left;vertical-align:top}
nav a{margin-right:1rem}h2{margin-top:2rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} — ${SERVICE_NAME}</title>
<style>${STYLE}</style></head><body>
<nav><a href="/developers">Developers</a><a href="/docs">API docs</a><a href="/redoc">ReDoc</a><a href="/llms.txt">llms.txt</a><a href="/privacy">Privacy</a><a href="/terms">Terms</a></nav>
${body}
</body></html>`;
}

export function developersPage(base: string, idempotentWrites: readonly string[] = []): string {
  const b = escapeHtml(base);
  const rows = TOOLS.map(
    (t) => `<tr><td><code>${t.name}</code></td><td>${t.scope}</td><td>${escapeHtml(t.description)}</td></tr>`,
  ).join('\n');
  const res = RESOURCES.map((r) => `<li><code>${r.uri}</code> — ${escapeHtml(r.description)}</li>`).join('');
  const prm = PROMPTS.map((p) => `<li><code>${p.name}</code> — ${escapeHtml(p.description)}</li>`).join('');
  return page(
    'Developers',
    `<h1>${SERVICE_NAME} for developers</h1>
<p>Everything the app does for a caregiver is available over a REST API and to AI assistants over MCP, with the same bearer token.
Each token belongs to one family and reaches only that family's data.</p>

<h2 id="token">1. Get a token</h2>
<p>In the app, open <strong>Settings → API tokens</strong> and create one (choose <code>read</code>, or <code>read</code> + <code>write</code> to log).
The token is shown once. From a script with a signed-in session cookie:</p>
<pre>curl -X POST ${b}/api/vega/token \\
  -H 'Content-Type: application/json' --cookie 'tracker_session=…' \\
  -d '{"label":"my assistant","scopes":["read","write"]}'</pre>
<p>Revoke a token in the same place (or <code>POST /api/vega/token/revoke</code>); it stops working at once.</p>

<h2>2. Call the REST API</h2>
<pre>TOKEN=…   # from step 1
# log a 120 ml bottle at 03:10 (family-local time)
curl -X POST ${b}/api/vega/log -H "Authorization: Bearer $TOKEN" \\
  -H 'Content-Type: application/json' -H 'Idempotency-Key: 7d1c…' \\
  -d '{"type":"milk","ml":120,"ts":"2026-11-22T03:10:00"}'
# what is happening now
curl ${b}/api/vega/live -H "Authorization: Bearer $TOKEN"
# today's log
curl ${b}/api/vega/today -H "Authorization: Bearer $TOKEN"</pre>
<p>Reference: <a href="/docs">interactive docs (/docs)</a>, <a href="/redoc">ReDoc (/redoc)</a>, the OpenAPI 3.1 document at <a href="/openapi.json">/openapi.json</a>, and a JSON index at <a href="/api">/api</a>.</p>

<h2 id="mcp">3. Connect an assistant (MCP)</h2>
<p>Add a remote MCP server (streamable HTTP) in your assistant with</p>
<table><tr><th>URL</th><td><code>${b}/mcp</code></td></tr>
<tr><th>Header</th><td><code>Authorization: Bearer &lt;token&gt;</code></td></tr></table>
<p>The connector is stateless and answers every request with <code>application/json</code>. It allows ${RATE_LIMIT_PER_MINUTE} requests per minute per token (then HTTP 429 with <code>Retry-After</code>).
A machine-readable description is at <a href="/.well-known/tracker-connector.json">/.well-known/tracker-connector.json</a>, and instructions written for assistants at <a href="/llms.txt">/llms.txt</a>.</p>
<p>Try it with curl:</p>
<pre>curl -X POST ${b}/mcp -H "Authorization: Bearer $TOKEN" \\
  -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \\
  -d '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"log_feed","arguments":{"ml":120,"idempotency_key":"7d1c…"}}}'</pre>
<p>Or with a client configuration file:</p>
<pre>{ "mcpServers": { "baby-tracker": { "type": "http", "url": "${b}/mcp",
  "headers": { "Authorization": "Bearer &lt;token&gt;" } } } }</pre>

<h3>Tools</h3>
<table><tr><th>Tool</th><th>Scope</th><th>When to use it</th></tr>
${rows}</table>
<h3>Resources</h3><ul>${res}</ul>
<h3>Prompts</h3><ul>${prm}</ul>

<h2>Rules of the road</h2>
<ul>${UNITS_AND_TIME.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}
<li>Idempotency: every REST write that adds, changes or removes log entries (${idempotentWrites.map((r) => `<code>${escapeHtml(r)}</code>`).join(', ')}) accepts an <code>Idempotency-Key</code> header, and every MCP write tool an <code>idempotency_key</code> argument (1 to 200 visible ASCII characters, e.g. a fresh UUID per intended write). The same key with the same request within 24 hours replays the first response exactly and changes nothing; the same key with a different request is refused (REST: 422 <code>idempotency_key_reused</code>; MCP: a tool error with that code) and changes nothing; a retry while the first call is still running gets 409 <code>idempotency_key_in_use</code>. Keys are per family and per endpoint (MCP's logging tools share the key space of <code>POST /api/vega/log</code>).</li>
<li>Children: ${escapeHtml(CHILDREN[0])} REST reads take <code>?child=ID</code> and writes <code>child</code> in the body (ids only; list them with <code>GET /api/vega/children</code>).</li>
<li>${escapeHtml(NON_CLINICAL)}</li></ul>`,
  );
}

export function privacyPage(): string {
  return page(
    'Privacy',
    `<h1>Privacy</h1>
<p>What ${SERVICE_NAME} stores, and why. Nothing is sold or shared for advertising.</p>
<ul>
<li><strong>Accounts:</strong> each caregiver's email, username and a salted hash of the password; session and API tokens are stored only as hashes.</li>
<li><strong>The child profile:</strong> name, date of birth, optional gender, family name, time zone, region and units.</li>
<li><strong>The family log:</strong> every feed, sleep, nappy, food, supplement, measurement, note and reaction you log, with who logged it; saved recipes; notes saved with "remember:".</li>
<li><strong>Short-lived records:</strong> results of retried writes (kept 24 hours so a retry never logs twice), and counters for rate and usage limits.</li>
<li><strong>Anonymous product analytics:</strong> a short list of event names with no personal data.</li>
<li><strong>Server logs:</strong> method, route, status, duration and family id per request; never tokens, passwords, cookies or note text.</li>
</ul>
<p>Assistants connected over MCP see exactly what the token's family can see, and nothing of other families. If the operator has configured a language model for questions, the question and the relevant part of the log are sent to that model to answer it.</p>
<p>A family admin can download everything stored (Settings → Export) and delete the family with all its data at any time; deletion is immediate and irreversible.</p>`,
  );
}

export function termsPage(): string {
  return page(
    'Terms',
    `<h1>Terms of use</h1>
<ul>
<li>${SERVICE_NAME} is a record-keeping tool for families. ${escapeHtml(NON_CLINICAL)}</li>
<li>You are responsible for what you log and for who you invite into your family. Keep tokens secret; revoke any you no longer use.</li>
<li>Automated clients (scripts, assistants) must use a token and stay within ${RATE_LIMIT_PER_MINUTE} MCP requests per minute per token.</li>
<li>The service is provided as is, without warranty. It is open-source software under the MIT licence.</li>
</ul>`,
  );
}
