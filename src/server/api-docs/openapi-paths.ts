/** The `paths` of the OpenAPI document: every route of docs/api.md#routes with its answers. */
import * as wire from '../../protocol/schemas';
import type { Component } from './openapi-components';

type Json = Record<string, unknown>;

const ref = (name: Component) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: Component) => ({ 'application/json': { schema: ref(name) } });

const PROBLEM_TEXT: Record<wire.ProblemCode, string> = {
  unauthorized: 'No valid bearer token (or wrong credentials).',
  forbidden: 'Signed in, but this needs the manager role.',
  'not-found': 'No such resource.',
  'invalid-request': 'The request is malformed; `errors` lists the failing fields.',
  'invalid-operation-metadata':
    'Lease token missing, forged, edited, another user’s, or seq out of range.',
  'key-reused': 'This operation id was already used for different content; the original stands.',
  'operation-expired': 'Past the operation deadline: check whether the change exists.',
  'unsupported-media-type': 'Send the body as application/json.',
  'payload-too-large': 'The body is over 1 MiB.',
  'headers-too-large': 'The request headers are too large.',
  'request-timeout': 'The headers or body did not arrive within REQUEST_TIMEOUT.',
  'rate-limited':
    'Too many sign-in attempts (wrong guesses, or 30 correct sign-ins per user and address in 15 minutes); see Retry-After.',
  overloaded:
    'Too busy to start this within its safe window; nothing was applied. See Retry-After.',
  'not-ready':
    'Not ready for traffic: shutting down, the database does not answer, or migrations are pending.',
  conflict:
    'The request conflicts with how things stand on the server (accounts: a name taken, a change of oneself, the last enabled manager).',
  'internal-error': 'Something broke on the server.',
};

function problems(...codes: wire.ProblemCode[]): Json {
  const byStatus = new Map<number, wire.ProblemCode[]>();
  for (const c of codes)
    byStatus.set(wire.PROBLEM_CODES[c], [...(byStatus.get(wire.PROBLEM_CODES[c]) ?? []), c]);
  return Object.fromEntries(
    [...byStatus].map(([status, cs]) => [
      String(status),
      {
        description: cs.map((c) => `\`${c}\`: ${PROBLEM_TEXT[c]}`).join(' '),
        content: { 'application/problem+json': { schema: ref('Problem') } },
      },
    ]),
  );
}

const bearer = [{ bearer: [] }];
/** What any route answers to a request it cannot read (no Host, a URL that does not decode…). */
const UNREADABLE = ['invalid-request', 'headers-too-large'] as const;
const authed = ['unauthorized'] as const;
const idParam = (description: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});
const CSV_RULES =
  'RFC 4180 (CRLF rows; a field with a comma, quote or line break is quoted, quotes doubled), ' +
  'UTF-8, a header row, streamed. A text cell starting with `=`, `+`, `-`, `@`, tab or CR is ' +
  "prefixed with `'` so a spreadsheet never runs it as a formula; numbers stay numbers; an empty " +
  'cell is no value (no barcode, no threshold, no note).';
export const TESTER =
  'Tester mode only (`SIMULATE=1`); otherwise 404 before authentication. For managers, from a ' +
  'loopback address (unless `SIMULATE_ALLOW_REMOTE=1`); otherwise 403.';

export function paths(): Json {
  const sim = (summary: string, op: Json): Json => ({
    tags: ['tester'],
    security: bearer,
    summary,
    description: TESTER,
    ...op,
    responses: {
      ...(op['responses'] as Json),
      ...problems(...authed, 'forbidden', 'invalid-request', 'not-found'),
    },
  });
  return {
    '/api/health': {
      get: {
        operationId: 'getHealth',
        tags: ['operations'],
        summary: 'Liveness only',
        security: [],
        responses: {
          '200': {
            description: 'The process answers.',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { ok: { const: true } } },
              },
            },
          },
          ...problems(...UNREADABLE),
        },
      },
    },
    '/livez': {
      get: {
        operationId: 'getLivez',
        tags: ['operations'],
        summary: 'Liveness probe: the process runs (the store is not touched)',
        security: [],
        responses: {
          '200': {
            description: 'The process answers. `Cache-Control: no-store`.',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { ok: { const: true } } },
              },
            },
          },
          ...problems(...UNREADABLE),
        },
      },
    },
    '/readyz': {
      get: {
        operationId: 'getReadyz',
        tags: ['operations'],
        summary:
          'Readiness probe: the store answers within 2 s, every migration is applied, not shutting down',
        security: [],
        responses: {
          '200': {
            description: 'Ready for traffic. `Cache-Control: no-store`.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['ready', 'store', 'schema', 'epoch'],
                  properties: {
                    ready: { const: true },
                    store: { enum: ['sqlite', 'postgres'] },
                    schema: { type: 'integer', description: 'Migrations applied.' },
                    epoch: {
                      type: 'string',
                      description: "The database's random id, made anew by every restore.",
                    },
                    restoredFrom: {
                      type: 'object',
                      description: "After a restore: the backup's snapshot time.",
                      required: ['takenAt'],
                      properties: { takenAt: { type: 'string', format: 'date-time' } },
                    },
                  },
                },
              },
            },
          },
          ...problems(...UNREADABLE, 'not-ready'),
        },
      },
    },
    '/api/session': {
      post: {
        operationId: 'signIn',
        tags: ['authentication'],
        summary: 'Sign in',
        security: [],
        requestBody: { required: true, content: json('SessionRequest') },
        responses: {
          '200': {
            description:
              "A bearer token (sliding expiry, SESSION_TTL); `testerMode`: whether the tester routes answer this session; `epoch`: the database's random id, made anew by every restore, and after a restore `restoredFrom.takenAt`, the backup's snapshot time (a device that meets another epoch asks about the confirmed work the backup may lack).",
            content: json('SessionResponse'),
          },
          ...problems('invalid-request', 'unauthorized', 'rate-limited', 'unsupported-media-type'),
        },
      },
      delete: {
        operationId: 'signOut',
        tags: ['authentication'],
        summary: 'Sign out (the token stops working)',
        security: bearer,
        responses: { '204': { description: 'Signed out.' }, ...problems(...authed) },
      },
    },
    '/api/users': {
      get: {
        operationId: 'listUsers',
        tags: ['authentication'],
        summary: "People's accounts, by name (managers)",
        security: bearer,
        responses: {
          '200': {
            description: 'Every account with its role, status and last sign-in (null: never).',
            content: json('AccountsResponse'),
          },
          ...problems(...authed, 'forbidden'),
        },
      },
      post: {
        operationId: 'addUser',
        tags: ['authentication'],
        summary: 'Add a person (managers)',
        description:
          'Names and passwords follow the rules of `npm run users`: a name of letters, digits and ' +
          '`. _ @ -` (at most 128), a password of 8 to 1024 characters. Logged with who added them.',
        security: bearer,
        requestBody: { required: true, content: json('NewAccountRequest') },
        responses: {
          '201': { description: 'The new account.', content: json('Account') },
          ...problems(
            ...authed,
            'forbidden',
            'invalid-request',
            'conflict',
            'unsupported-media-type',
          ),
        },
      },
    },
    '/api/users/{name}': {
      patch: {
        operationId: 'changeUser',
        tags: ['authentication'],
        summary: 'Change a role, disable or enable, set a password (managers)',
        description:
          'A new password or disabling ends that person’s sessions at once. Nobody can disable or ' +
          'demote themselves, and the last enabled manager cannot be disabled or demoted (409). ' +
          'Checks in order: 401, 403, the URL and body (400), the person (404), the rules (409). ' +
          'Logged with who made the change.',
        security: bearer,
        parameters: [
          {
            name: 'name',
            in: 'path',
            required: true,
            description: 'The person’s user name.',
            schema: { type: 'string' },
          },
        ],
        requestBody: { required: true, content: json('AccountChangeRequest') },
        responses: {
          '200': { description: 'The account as changed.', content: json('Account') },
          ...problems(
            ...authed,
            'forbidden',
            'invalid-request',
            'not-found',
            'conflict',
            'unsupported-media-type',
          ),
        },
      },
    },
    '/api/leases': {
      post: {
        operationId: 'takeLease',
        tags: ['operations'],
        summary:
          'Get a lease: `size` operation ids `<lease.id>.<seq>` with a server-verified deadline',
        security: bearer,
        requestBody: { required: true, content: json('LeaseRequest') },
        responses: {
          '201': {
            description:
              'The lease and its signed token; `epoch` and, after a restore, `restoredFrom` as in sign-in.',
            content: json('LeaseResponse'),
          },
          ...problems(...authed, 'invalid-request', 'unsupported-media-type'),
        },
      },
    },
    '/api/operations': {
      post: {
        operationId: 'applyOperation',
        tags: ['operations'],
        summary: 'Apply one operation, idempotently by its id',
        description:
          'Checks in order: authentication, load (503), shape (400), lease (400), existing record ' +
          '(200 replay or 422), deadline (410), then one transaction (201). The body of 200 and 201 ' +
          'is the receipt; a replay returns the committed bytes with `Idempotent-Replayed: true`. ' +
          'Roles: `staff` may make `adjust` and `count`; `manager` also `createItem`, `updateItem` ' +
          'and `archiveItem`, and `allowNegative: true` on `adjust`. Another type (or that flag from ' +
          'staff) is a stored verdict: `rejected`, reason `not-allowed`. ' +
          '`updateItem` changes at least one field; a field it changes that was also changed after ' +
          '`basedOnRevision` → `review` (`stale-edit`); an SKU or barcode another item holds → ' +
          '`rejected` (`duplicate-item`). An archived item refuses every operation (`archived-item`).',
        security: bearer,
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description: 'Optional; when sent it must equal the body’s `id`.',
            schema: { type: 'string' },
          },
        ],
        requestBody: { required: true, content: json('OperationBody') },
        responses: {
          '201': {
            description: 'Processed now: the receipt (applied, rejected or review).',
            content: json('Receipt'),
          },
          '200': {
            description: 'Processed before: the original receipt, byte for byte.',
            headers: { 'Idempotent-Replayed': { schema: { const: 'true' } } },
            content: json('Receipt'),
          },
          ...problems(
            ...authed,
            'invalid-request',
            'invalid-operation-metadata',
            'key-reused',
            'operation-expired',
            'overloaded',
            'payload-too-large',
            'unsupported-media-type',
          ),
        },
      },
    },
    '/api/operations/batch': {
      post: {
        operationId: 'applyOperationBatch',
        tags: ['operations'],
        summary:
          'Apply up to 500 operations in order, each with the status and body the single endpoint gives',
        security: bearer,
        requestBody: { required: true, content: json('BatchBody') },
        responses: {
          '200': {
            description: 'One result per operation, in request order.',
            content: json('BatchResponse'),
          },
          ...problems(
            ...authed,
            'invalid-request',
            'overloaded',
            'payload-too-large',
            'unsupported-media-type',
          ),
        },
      },
    },
    '/api/operations/{id}': {
      get: {
        operationId: 'getOperationStatus',
        tags: ['operations'],
        summary: 'Ask what became of an operation, without resending it',
        security: bearer,
        parameters: [
          idParam('The operation id `<lease.id>.<seq>`.'),
          {
            name: 'Stockroom-Lease',
            in: 'header',
            required: true,
            description: 'The lease token.',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': {
            description: 'processed, not-yet, never-applied or forgotten.',
            content: json('OperationStatus'),
          },
          ...problems(...authed, 'invalid-operation-metadata'),
        },
      },
    },
    '/api/items': {
      get: {
        operationId: 'listItems',
        tags: ['items'],
        summary: 'Items, or only those changed after global revision `since`',
        description:
          'The full list leaves archived items out; a `since` list includes items archived after ' +
          '`since`, with `archived: true`, so a client drops them.',
        security: bearer,
        parameters: [
          { name: 'since', in: 'query', required: false, schema: { type: 'integer', minimum: 0 } },
        ],
        responses: {
          '200': {
            description: 'Items and the current global revision.',
            content: json('ItemsResponse'),
          },
          ...problems(...authed, 'invalid-request'),
        },
      },
    },
    '/api/places': {
      get: {
        operationId: 'listPlaces',
        tags: ['items'],
        summary: 'Places, or only those changed after places revision `since`',
        description:
          'Every place, archived ones too (with `archived: true`): history and stock lists still ' +
          'name them. Every database has `main`.',
        security: bearer,
        parameters: [
          { name: 'since', in: 'query', required: false, schema: { type: 'integer', minimum: 0 } },
        ],
        responses: {
          '200': {
            description: 'Places and the current places revision.',
            content: json('PlacesResponse'),
          },
          ...problems(...authed, 'invalid-request'),
        },
      },
    },
    '/api/stock.csv': {
      get: {
        operationId: 'exportStockCsv',
        tags: ['items'],
        summary: 'Stock per item and place as CSV for spreadsheets',
        description: CSV_RULES,
        security: bearer,
        responses: {
          '200': {
            description:
              'Columns `itemId,sku,name,placeId,placeName,quantity`: one row per item and place with a quantity other than 0, ordered by item id and place id.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...problems(...authed),
        },
      },
    },
    '/api/items/{id}/history': {
      get: {
        operationId: 'getItemHistory',
        tags: ['items'],
        summary: 'The applied operations on an item, newest first (the business journal)',
        security: bearer,
        parameters: [
          idParam('The item id.'),
          {
            name: 'limit',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
          },
          {
            name: 'before',
            in: 'query',
            required: false,
            description: 'The `next` cursor of the previous page.',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': { description: 'One page.', content: json('HistoryResponse') },
          ...problems(...authed, 'invalid-request', 'not-found'),
        },
      },
    },
    '/api/stocktakes': {
      get: {
        operationId: 'listStocktakes',
        tags: ['stock-takes'],
        summary: 'Every stock-take, newest first, with how many items are in scope and counted',
        security: bearer,
        responses: {
          '200': { description: 'The stock-takes.', content: json('StocktakesResponse') },
          ...problems(...authed),
        },
      },
    },
    '/api/stocktakes/{id}': {
      get: {
        operationId: 'getStocktake',
        tags: ['stock-takes'],
        summary: 'One stock-take with its count lines and the review per item in scope',
        description:
          'The review proposes, per item, what was counted plus every change recorded at the ' +
          'place after the revision its counters saw. In a blind stock-take staff get no ' +
          '`current`, `changesSince` or `proposed`.',
        security: bearer,
        parameters: [idParam('The stock-take id.')],
        responses: {
          '200': { description: 'The stock-take.', content: json('StocktakeDetail') },
          ...problems(...authed, 'invalid-request', 'not-found'),
        },
      },
    },
    '/api/items.csv': {
      get: {
        operationId: 'exportItemsCsv',
        tags: ['items'],
        summary: 'Every item as CSV for spreadsheets, archived ones included',
        description: CSV_RULES,
        security: bearer,
        responses: {
          '200': {
            description:
              'Columns `id,sku,barcode,name,location,quantity,lowStockThreshold,archived,revision`, ordered by id.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...problems(...authed),
        },
      },
    },
    '/api/items/{id}/history.csv': {
      get: {
        operationId: 'exportItemHistoryCsv',
        tags: ['items'],
        summary: 'The history of an item as CSV for spreadsheets, newest first',
        description: CSV_RULES,
        security: bearer,
        parameters: [idParam('The item id.')],
        responses: {
          '200': {
            description:
              'Columns `recordedAt,operationId,user,reason,delta,resultingQuantity,note`; every entry.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...problems(...authed, 'not-found'),
        },
      },
    },
    '/api/diagnostics': {
      get: {
        operationId: 'getDiagnostics',
        tags: ['operations'],
        summary:
          'Queue depth, in-flight operations, sheds, oldest pending export, store, retention',
        security: bearer,
        responses: {
          '200': { description: 'For managers.', content: json('Diagnostics') },
          ...problems(...authed, 'forbidden'),
        },
      },
    },
    '/metrics': {
      get: {
        operationId: 'getMetrics',
        tags: ['operations'],
        summary: 'Prometheus metrics (text format 0.0.4)',
        description:
          'With METRICS_TOKEN set, send `Authorization: Bearer <METRICS_TOKEN>`; with METRICS_PORT ' +
          'set, served on that loopback port instead. With several workers, the sum of all of them.',
        security: [],
        responses: {
          '200': {
            description:
              'Operations by outcome, replays, key reuses, expiries, sheds, export lag, latency histograms.',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
          ...problems('unauthorized'),
        },
      },
    },
    '/api/openapi.json': {
      get: {
        operationId: 'getOpenApiDocument',
        tags: ['documentation'],
        summary: 'This document (public: documentation, no data)',
        security: [],
        responses: {
          '200': {
            description: 'OpenAPI 3.1.',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
          ...problems(...authed),
        },
      },
    },
    '/api/docs': {
      get: {
        operationId: 'getDocsPage',
        tags: ['documentation'],
        summary: 'This document as a plain HTML page (public)',
        security: [],
        responses: {
          '200': { description: 'HTML.', content: { 'text/html': { schema: { type: 'string' } } } },
          ...problems(...authed),
        },
      },
    },
    '/api/sim/faults': {
      post: sim('Add a fault rule', {
        operationId: 'addFaultRule',
        requestBody: { required: true, content: json('FaultRule') },
        responses: {
          '201': {
            description: `The armed rule, with its \`id\` and uses \`remaining\` (\`times\` ${wire.FAULT_TIMES_MAX} lasts until removed).`,
            content: json('ArmedFault'),
          },
        },
      }),
      get: sim('List the armed fault rules, in the order they act', {
        operationId: 'listFaultRules',
        responses: { '200': { description: '`{ rules }`', content: json('ArmedFaults') } },
      }),
      delete: sim('Clear fault rules', {
        operationId: 'clearFaultRules',
        responses: { '204': { description: 'Cleared.' } },
      }),
    },
    '/api/sim/faults/{id}': {
      delete: sim('Remove one armed fault rule', {
        operationId: 'removeFaultRule',
        parameters: [idParam('The `id` of an armed rule (from POST or GET /api/sim/faults).')],
        responses: {
          '204': { description: 'Removed.' },
        },
      }),
    },
    '/api/sim/clock': {
      get: sim('Read the tester clock', {
        operationId: 'getTesterClock',
        responses: { '200': { description: 'Now.', content: json('ClockState') } },
      }),
      post: sim('Move or freeze the tester clock (never backwards)', {
        operationId: 'setTesterClock',
        requestBody: { required: true, content: json('ClockRequest') },
        responses: { '200': { description: 'Now.', content: json('ClockState') } },
      }),
    },
    '/api/sim/cleanup': {
      post: sim('Run the retention job now', {
        operationId: 'runCleanup',
        responses: {
          '200': {
            description:
              'What it did: `{ compacted, removed }`, and the `receiptTtlMs` and `tombstoneGraceMs` it judged by.',
            content: json('CleanupResult'),
          },
        },
      }),
    },
    '/api/sim/timeline': {
      get: sim('The server-side events of one operation, in order', {
        operationId: 'getOperationTimeline',
        parameters: [
          { name: 'operationId', in: 'query', required: true, schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'Events with server time and attempt id.',
            content: json('TimelineResponse'),
          },
        },
      }),
    },
  };
}
