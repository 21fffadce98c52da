import { useEffect, useState } from 'react';

/**
 * State kept for the browser tab's session (sessionStorage): it survives leaving the screen and a reload,
 * and is gone when the tab closes. A value that cannot be read back starts fresh.
 */
export function useSessionState<T>(key: string, initial: T): [T, (v: T | ((old: T) => T)) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = sessionStorage.getItem(key);
      return stored === null ? initial : (JSON.parse(stored) as T);
    } catch {
      return initial;
    }
  });
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or refused: the state still works for this visit.
    }
  }, [key, value]);
  return [value, setValue];
}
