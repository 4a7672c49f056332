/**
 * A pure function of a string, computed once per distinct key and kept for the hot paths that ask it
 * again and again (a cached search's query, a client's network). Bounded: past `size` keys the memo
 * empties, so a flood of distinct keys costs memory no more than `size` entries. A call that throws
 * keeps nothing.
 */
export function stringMemo<V>(size: number, compute: (key: string) => V): (key: string) => V {
  const kept = new Map<string, V>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = compute(key);
      if (kept.size >= size) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}
