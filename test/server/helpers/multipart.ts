/** A field's text, or a file: sent as `<field>.txt`, text/plain, unless `filename` and `type` say otherwise. */
export type Part = string | { file: Buffer | string; filename?: string; type?: string };

/** A multipart body as a browser sends it, parts in the given order. */
export async function multipart(parts: Array<[string, Part]>) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else {
      const bytes = typeof value.file === 'string' ? value.file : new Uint8Array(value.file);
      form.append(name, new Blob([bytes], { type: value.type ?? 'text/plain' }), value.filename ?? `${name}.txt`);
    }
  }
  const request = new Response(form);
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}
