/**
 * `/api/docs`: the OpenAPI document as one plain HTML page. No scripts and no CDN (the server may
 * run offline): every route with its summary, parameters, bodies and answers, then every schema.
 */
type Json = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** `#/components/schemas/Receipt` → a link to that schema's section. */
function schemaText(schema: unknown): string {
  const ref = str(obj(schema)['$ref']);
  if (ref) {
    const name = ref.split('/').pop() ?? ref;
    return `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;
  }
  return `<code>${escapeHtml(JSON.stringify(schema))}</code>`;
}

function contentList(content: unknown): string {
  return Object.entries(obj(content))
    .map(([type, media]) => `<code>${escapeHtml(type)}</code> ${schemaText(obj(media)['schema'])}`)
    .join('; ');
}

function operationHtml(path: string, method: string, op: Json): string {
  const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-');
  const params = (Array.isArray(op['parameters']) ? op['parameters'] : []).map((p) => {
    const q = obj(p);
    const required = q['required'] === true ? ' (required)' : '';
    const description = str(q['description']) ? ` — ${escapeHtml(str(q['description']))}` : '';
    return `<li><code>${escapeHtml(str(q['name']))}</code> in ${escapeHtml(str(q['in']))}${required}: ${schemaText(q['schema'])}${description}</li>`;
  });
  const body = obj(op['requestBody'])['content'];
  const responses = Object.entries(obj(op['responses'])).map(([status, r]) => {
    const content = obj(r)['content'] ? ` ${contentList(obj(r)['content'])}` : '';
    return `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(str(obj(r)['description']))}${content}</li>`;
  });
  const auth =
    Array.isArray(op['security']) && op['security'].length === 0 ? 'public' : 'bearer token';
  return [
    `<section id="${escapeHtml(id)}">`,
    `<h3><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h3>`,
    `<p>${escapeHtml(str(op['summary']))} <small>(${auth})</small></p>`,
    str(op['description']) ? `<p>${escapeHtml(str(op['description']))}</p>` : '',
    params.length ? `<p>Parameters</p><ul>${params.join('')}</ul>` : '',
    body ? `<p>Body: ${contentList(body)}</p>` : '',
    `<p>Answers</p><ul>${responses.join('')}</ul>`,
    '</section>',
  ].join('\n');
}

/** The page's only stylesheet, inline; the Content-Security-Policy allows it by its hash. */
export const DOCS_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}pre{overflow:auto;background:#f4f4f4;padding:.5rem}section{border-top:1px solid #ddd}';

export function renderDocsPage(document: Json): string {
  const info = obj(document['info']);
  const paths = obj(document['paths']);
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((m) => obj(item)[m]).map((m) => operationHtml(path, m, obj(obj(item)[m]))),
  );
  const schemas = Object.entries(obj(obj(document['components'])['schemas'])).map(
    ([name, schema]) =>
      `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></section>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(str(info['title']))} ${escapeHtml(str(info['version']))}</title>
<style>${DOCS_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(str(info['title']))} <small>${escapeHtml(str(info['version']))}</small></h1>
<p>${escapeHtml(str(info['description']))}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(str(document['openapi']))}).</p>
<h2>Routes</h2>
${operations.join('\n')}
<h2>Schemas</h2>
${schemas.join('\n')}
</main>
</body>
</html>
`;
}
