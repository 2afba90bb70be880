// Response bodies as JSON. The derived reads (live, patterns, today) are served from caches
// that hand out the same frozen object until the family changes (or, for live and patterns,
// the second turns); writing its JSON again for every request cost as much as the rest of a
// patterns request. A frozen object's JSON is therefore remembered, keyed by the object itself
// (a WeakMap: it goes when the cache drops the object). Frozen means "never changes": only
// the caches freeze what they hand out.
const written = new WeakMap<object, string>();

export function serializeJson(data: unknown): string {
  if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return JSON.stringify(data);
  let json = written.get(data);
  if (json === undefined) {
    json = JSON.stringify(data);
    written.set(data, json);
  }
  return json;
}
