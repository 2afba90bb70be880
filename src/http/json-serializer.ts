// Response bodies as JSON. The derived reads (live, patterns, today) are served from caches
// that hand out the same frozen object until the family changes (or, for live and patterns,
// the second turns); writing its JSON again for every request cost as much as the rest of a
// patterns request. A frozen object's JSON is therefore remembered, keyed by the object itself
// (a WeakMap: it goes when the cache drops the object). Frozen means "never changes": only
// the caches freeze what they hand out. It is remembered as UTF-8 bytes, not as a string:
// sending a string encodes it again for every request (and measures its length in bytes for
// Content-Length), which for a patterns answer cost a fifth of the request (issue 38).
const written = new WeakMap<object, Buffer>();

export function serializeJson(data: unknown): string | Buffer {
  if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return JSON.stringify(data);
  let json = written.get(data);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(data));
    written.set(data, json);
  }
  return json;
}
