/** What the name field says of a label that breaks SPEC §5's rule. */
export const NAME_RULE_TEXT = 'Use at least 4 letters, digits or hyphens';
