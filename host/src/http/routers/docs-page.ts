/** A self-contained page (no CDN: the service runs offline) that renders /api/openapi.json. */
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>docsift API</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222}
h2{border-bottom:1px solid #ddd;padding-bottom:.2rem;margin-top:2rem}
.op{border:1px solid #e3e3e3;border-radius:6px;margin:.6rem 0;padding:.5rem .8rem}
.m{display:inline-block;min-width:4.5rem;font-weight:700;text-transform:uppercase}
.get{color:#0a6}.post{color:#06c}.put{color:#a60}.delete{color:#c22}
code,pre{font:13px ui-monospace,monospace}pre{background:#f6f6f6;padding:.5rem;overflow:auto;max-height:20rem}
details summary{cursor:pointer}
</style>
</head>
<body>
<h1>docsift API</h1>
<p>Machine-readable description: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<div id="ops">Loading…</div>
<script>
fetch('/api/openapi.json').then(r => r.json()).then(doc => {
  const root = document.getElementById('ops');
  root.textContent = '';
  const byTag = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = (op.tags && op.tags[0]) || 'Other';
      (byTag[tag] = byTag[tag] || []).push({ path, method, op });
    }
  }
  for (const [tag, ops] of Object.entries(byTag)) {
    const h = document.createElement('h2'); h.textContent = tag; root.appendChild(h);
    for (const { path, method, op } of ops) {
      const box = document.createElement('div'); box.className = 'op';
      const m = document.createElement('span'); m.className = 'm ' + method; m.textContent = method;
      const p = document.createElement('code'); p.textContent = path;
      const s = document.createElement('div'); s.textContent = op.summary || '';
      const d = document.createElement('details');
      const ds = document.createElement('summary'); ds.textContent = 'request and responses';
      const pre = document.createElement('pre');
      pre.textContent = JSON.stringify({ parameters: op.parameters, requestBody: op.requestBody, responses: op.responses }, null, 2);
      d.append(ds, pre); box.append(m, p, s, d); root.appendChild(box);
    }
  }
}).catch(() => { document.getElementById('ops').textContent = 'Could not load the API description.'; });
</script>
</body>
</html>
`;
