import { useContext, useEffect, useState } from 'react';
import { RenderedPhone } from './rendered';

/** A form as the hook reads and writes it: Mantine's `useForm`, its inputs given `getInputProps`. */
type TypedForm = {
  getValues(): unknown;
  getInputNode(path: string): HTMLElement | null;
  setFieldValue(path: string, value: unknown): void;
};

/** The form's value at a dotted path (`login.email`), as Mantine names its fields. */
function valueAt(values: unknown, path: string): unknown {
  let node = values;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * A page the server rendered for a visitor (the sign-in pages, decision 133; a studio's registration,
 * decision 134) can be typed into before its scripts have arrived. React keeps a field's text as it
 * hydrates, not the form's values: once hydrated, what each field of `paths` holds is taken into the
 * form as typed (a checkbox's tick; `parse` turns a field's text into its value where its input does
 * on every key, a phone's format), and only then is the form live. Until then its button is to be
 * disabled, so that neither a press nor Enter sends the page anywhere (a native submit would reload it
 * and lose the text). A form the browser renders itself is live from its first render.
 *
 * The fields are found by the `data-path` attribute `getInputProps` gives each input.
 */
export function useTypedBeforeHydration(
  form: TypedForm,
  paths: readonly string[],
  parse: Readonly<Record<string, (text: string) => unknown>> = {},
): boolean {
  const [live, setLive] = useState(useContext(RenderedPhone) === null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form mounts
  useEffect(() => {
    const values = form.getValues();
    for (const path of paths) {
      const node = form.getInputNode(path);
      if (!(node instanceof HTMLInputElement)) continue;
      const typed = node.type === 'checkbox' ? node.checked : (parse[path]?.(node.value) ?? node.value);
      if (typed !== valueAt(values, path)) form.setFieldValue(path, typed);
    }
    setLive(true);
  }, []);
  return live;
}
