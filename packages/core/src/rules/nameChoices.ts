/** What the name field offers for a typed label, from the server's free names like it (SPEC §3 name suggestion). */
export interface NameChoices {
  /** The label itself with the server's zone, when it is free. */
  available?: string;
  /** The label is valid and someone has it. */
  taken: boolean;
  /** Free names like it: offered only for a taken name. */
  suggestions: string[];
}

/**
 * The server answers the free names among the label and names like it; the label's own name leads
 * when it is free. A free name is offered alone (there is nothing to suggest instead of it); a
 * taken one gets the free names like it.
 */
export function nameChoices(label: string, freeNames: readonly string[]): NameChoices {
  const available = freeNames.find((name) => name.startsWith(`${label}.`));
  if (available) return { available, taken: false, suggestions: [] };
  return { taken: true, suggestions: [...freeNames] };
}
