import { useEffect, useState } from 'react';

/**
 * The state of a create-or-edit form of text fields: starts empty, takes the record once it has
 * loaded, and remembers whether the user tried to submit (messages show only after that).
 */
export function useFormState<T extends Record<string, string>>(empty: T, loaded: T | undefined) {
  const [values, setValues] = useState(empty);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (loaded) setValues(loaded);
  }, [loaded]);
  const setField = (name: keyof T, value: string) => setValues((old) => ({ ...old, [name]: value }));
  return { values, setField, tried, setTried };
}
