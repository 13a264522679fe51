/** Past this many characters a part of a name may break anywhere: a 63-character label must still fit a phone. */
export const NAME_PART_UNBROKEN_MAX = 20;

export interface NamePart {
  text: string;
  /** Whether the part stays on one line (a line may end only between parts). */
  keepWhole: boolean;
}

/**
 * Where a shown name may wrap on a narrow screen: between its dot-separated labels, never at a
 * hyphen inside one (`trail-walker.cairn.id` → `trail-walker` `.cairn` `.id`, so a phone shows
 * `trail-walker` / `.cairn.id`, not `trail-` / `walker.cairn.id`). A shortened address is one part.
 */
export function nameParts(name: string): NamePart[] {
  const parts = name.split(/(?=\.)/).filter((part) => part !== '');
  return parts.map((text) => ({ text, keepWhole: text.length <= NAME_PART_UNBROKEN_MAX }));
}
