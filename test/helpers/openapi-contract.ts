// Checks real responses against the served /openapi.json with a standard JSON Schema
// validator (ajv, draft 2020-12 as OpenAPI 3.1 uses): the status must be documented for the
// operation, the body must match the documented schema, documented headers must be sent.
// It also keeps what it saw, so the test can check (or re-record) the document's examples.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Res } from './app.ts';

export interface Seen {
  operationId: string;
  status: number;
  body: unknown;
  text: string;
  request?: unknown;
}

export class Contract {
  readonly ajv: Ajv2020;
  readonly problems: string[] = [];
  readonly seen: Seen[] = [];
  readonly ops: { method: string; path: string; re: RegExp; op: any }[] = [];

  constructor(readonly doc: any) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    (addFormats as unknown as (a: Ajv2020) => void)(this.ajv);
    this.ajv.addSchema(doc, 'openapi');
    for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      const re = new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      for (const [method, op] of Object.entries(ops)) this.ops.push({ method: method.toUpperCase(), path, re, op });
    }
  }

  /** The operation a request hits. */
  operation(method: string, url: string) {
    const path = url.split('?')[0];
    return this.ops.find((o) => o.method === method && o.re.test(path));
  }

  resolve(obj: any): any {
    if (!obj?.$ref) return obj;
    return obj.$ref.slice(2).split('/').reduce((n: any, k: string) => n[k.replace(/~1/g, '/').replace(/~0/g, '~')], this.doc);
  }

  /** Validates against a JSON pointer into the document (refs inside resolve against it). */
  validate(pointer: string, value: unknown): string | null {
    const v = this.ajv.getSchema(`openapi#${pointer}`);
    if (!v) return `no schema at ${pointer}`;
    return v(value) ? null : this.ajv.errorsText(v.errors);
  }

  check(method: string, url: string, res: Res, request?: unknown): void {
    const found = this.operation(method, url);
    if (!found) return void this.problems.push(`${method} ${url}: not in /openapi.json`);
    const { op, path } = found;
    const where = `${method} ${path} → ${res.status}`;
    const declared = op.responses[String(res.status)];
    if (!declared) return void this.problems.push(`${where}: status not documented (${res.text.slice(0, 120)})`);
    const response = this.resolve(declared);
    const pointerBase = declared.$ref
      ? declared.$ref.slice(1)
      : `/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${res.status}`;
    for (const name of Object.keys(response.headers ?? {})) {
      if (res.headers[name.toLowerCase()] === undefined) this.problems.push(`${where}: documented header ${name} missing`);
    }
    const type = String(res.headers['content-type'] ?? '').split(';')[0];
    const media = response.content?.[type];
    if (!media) {
      if (res.text !== '' || response.content) this.problems.push(`${where}: content type ${type} not documented`);
    } else {
      const body = type.includes('json') ? JSON.parse(res.text) : res.text;
      const err = this.validate(`${pointerBase}/content/${type.replace(/\//g, '~1')}/schema`, body);
      if (err) this.problems.push(`${where}: body does not match: ${err}; body ${res.text.slice(0, 300)}`);
    }
    this.seen.push({ operationId: op.operationId, status: res.status, body: type.includes('json') ? res.body : res.text, text: res.text, request });
  }
}

/** The structure of a value: keys and kinds, not the values (ids and times differ per run). */
export function shapeOf(v: unknown): unknown {
  if (v === null) return 'null';
  if (Array.isArray(v)) return v.length ? [shapeOf(v[0])] : [];
  if (typeof v === 'object') return Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, shapeOf((v as any)[k])]));
  return typeof v;
}
