import { Fragment } from 'react';
import { nameParts } from '@cairn/core/rules';

/** A name as text that wraps, on a narrow screen, only between its labels (never at a hyphen). */
export function AccountName({ name }: { name: string }) {
  return nameParts(name).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      <span className={part.keepWhole ? 'name-part' : 'name-part-long'}>{part.text}</span>
    </Fragment>
  ));
}
