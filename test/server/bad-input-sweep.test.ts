/**
 * Every route the API documents (read from the OpenAPI document, so a new route is swept too), on each
 * storage, with the values that used to reach PostgreSQL or overflow a stack: U+0000 in a path, a query
 * string, a JSON string or a multipart field; unpaired surrogates; numbers a double cannot hold; deep
 * nesting; ids written other than with digits. No answer may be a 5xx; the refusals name the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import { multipart, type Part } from './helpers/multipart';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  method: Method;
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Top-level fields of the JSON body, or of the multipart form. */
  jsonFields?: string[];
  formFields?: string[];
}
interface Probe {
  method: Method;
  url: string;
  json?: string;
  form?: Array<[string, Part]>;
  /** Set when the answer must be a 400 whose message contains this. */
  refusal?: string;
}

const PATH_VALUES = ['0x10', '1e3', '+1', '00001', '1.0', '-1', '%ED%A0%80', '99999999999999999999', '%20'];
const QUERY_VALUES = ['1e400', '0x10', '%ED%A0%80', '-1', ''];
const DEEP = `${'['.repeat(5000)}${']'.repeat(5000)}`;

function operations(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const found: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const parameters: Array<{ in: string; name: string }> = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      found.push({
        method: method.toUpperCase() as Method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        jsonFields: content['application/json'] && Object.keys(content['application/json'].schema?.properties ?? { field: {} }),
        formFields: content['multipart/form-data'] && Object.keys(content['multipart/form-data'].schema?.properties ?? {}),
      });
    }
  }
  return found;
}

/** The path with every parameter 1, except `name`, which is `value` (already URL-encoded). */
const fill = (op: Operation, name?: string, value?: string) =>
  op.path.replace(/\{(\w+)\}/g, (_, param: string) => (param === name ? value! : '1'));

function probes(op: Operation): Probe[] {
  const out: Probe[] = [];
  const { method } = op;
  for (const name of op.pathParams) {
    for (const value of ['%00', 'a%00b']) out.push({ method, url: fill(op, name, value), refusal: `params.${name} contains U+0000` });
    for (const value of PATH_VALUES) out.push({ method, url: fill(op, name, value) });
  }
  for (const name of op.queryParams) {
    out.push({ method, url: `${fill(op)}?${name}=a%00b`, refusal: `querystring.${name} contains U+0000` });
    for (const value of QUERY_VALUES) out.push({ method, url: `${fill(op)}?${name}=${value}` });
  }
  const url = fill(op);
  if (op.jsonFields) {
    out.push({ method, url, json: DEEP, refusal: 'body[0][0][0][0]… is nested more than 64 levels deep' });
    out.push({ method, url, json: '{"\\u0000":1}', refusal: 'body has a key that contains U+0000' });
    for (const field of op.jsonFields) {
      const at = JSON.stringify(field);
      out.push({ method, url, json: `{${at}:"a\\u0000b"}`, refusal: `body.${field} contains U+0000` });
      out.push({ method, url, json: `[{${at}:"a\\u0000b"}]`, refusal: `body[0].${field} contains U+0000` });
      out.push({ method, url, json: `{${at}:{"m":"\\ud800"}}`, refusal: `body.${field}.m contains an unpaired surrogate` });
      out.push({ method, url, json: `{${at}:1e400}`, refusal: `body.${field} is the number 1e400` });
      out.push({ method, url, json: `{${at}:${DEEP}}`, refusal: `body.${field}[0][0][0]… is nested more than 64 levels deep` });
    }
  }
  if (op.formFields) {
    const texts = op.formFields.filter((field) => !['file', 'queries'].includes(field));
    const files = op.formFields.filter((field) => ['file', 'queries'].includes(field));
    const goodTexts = texts.map((field): [string, Part] => [field, field === 'format' ? 'csv' : `x ${field}`]);
    const withFiles = (file: string) => files.map((field): [string, Part] => [field, { file }]);
    for (const field of texts) {
      const form = goodTexts.map(([name, value]): [string, Part] => [name, name === field ? 'a\0b' : value]);
      // A 400 naming the field: "contains U+0000", or "must be csv or …" for a field with set values.
      out.push({ method, url, form: [...form, ...withFiles('a,b\n1,2\n')], refusal: field });
    }
    for (const file of ['input,name\na\0b,c\n', `input,input_metadata\nq,"{""a"":${DEEP}}"\n`, '{"a":"\\ud800"}\n', '\0'])
      out.push({ method, url, form: [...goodTexts, ...withFiles(file)] });
  }
  return out;
}

describe.each(backends)('bad input on every documented route (%s)', (backend) => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await startTestApp(backend);
    headers = await t.auth();
  }, 60_000);
  afterAll(() => t?.close());

  async function send(probe: Probe) {
    if (probe.form) {
      const { payload, contentType } = await multipart(probe.form);
      return t.app.inject({ method: probe.method, url: probe.url, payload, headers: { ...headers, 'content-type': contentType } });
    }
    const json = probe.json === undefined ? {} : { payload: probe.json, headers: { ...headers, 'content-type': 'application/json' } };
    return t.app.inject({ method: probe.method, url: probe.url, headers, ...json });
  }

  it('finds the routes in the OpenAPI document', () => {
    const ops = operations(t.app.swagger() as never);
    expect(ops.length).toBeGreaterThan(30);
    expect(ops.filter((op) => op.formFields)).toHaveLength(5);
  });

  it('answers no 5xx, and refuses U+0000, surrogates, inexact numbers and deep nesting with a 400 naming the field', async () => {
    const failures: string[] = [];
    let sent = 0;
    const extra: Probe[] = [
      { method: 'GET', url: '/%00', refusal: 'contains U+0000' },
      { method: 'GET', url: '/docs/json?x=%00', refusal: 'querystring.x contains U+0000' },
      { method: 'GET', url: '/config.json?a%00=1', refusal: 'contains U+0000' },
    ];
    for (const probe of [...operations(t.app.swagger() as never).flatMap(probes), ...extra]) {
      const response = await send(probe);
      sent++;
      const what = `${probe.method} ${probe.url}${probe.json ? ` ${probe.json.slice(0, 40)}` : ''}${probe.form ? ` form ${JSON.stringify(probe.form).slice(0, 80)}` : ''}`;
      if (response.statusCode >= 500) failures.push(`${what} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      else if (probe.refusal && (response.statusCode !== 400 || !response.json().message.includes(probe.refusal)))
        failures.push(`${what} → ${response.statusCode} ${response.body.slice(0, 160)} (wanted 400 "${probe.refusal}")`);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
  }, 120_000);
});
