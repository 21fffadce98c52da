/**
 * Reads asked at the same moment, answered by one statement: the statement goes out when the event loop's current
 * turn is done, with every key asked in that turn. Each caller asked before the statement went out, so what it
 * gets is as fresh as a read of its own would have been (a change committed before the call is seen); a busy
 * process makes one round trip to the database where it made one per request (docs/history/performance-journal.md,
 * "Search matches kept across changes, and reads asked together").
 */
export function readTogether<K, V>(read: (keys: K[]) => Promise<ReadonlyMap<K, V>>): (key: K) => Promise<V | undefined> {
  let waiting: { keys: Set<K>; answer: Promise<ReadonlyMap<K, V>> } | null = null;
  return (key) => {
    if (!waiting) {
      const keys = new Set<K>();
      const answer = new Promise<ReadonlyMap<K, V>>((resolve, reject) =>
        setImmediate(() => {
          // From here on, callers wait for the next statement: this one may already miss what they must see.
          waiting = null;
          read([...keys]).then(resolve, reject);
        }),
      );
      waiting = { keys, answer };
    }
    waiting.keys.add(key);
    return waiting.answer.then((found) => found.get(key));
  };
}
