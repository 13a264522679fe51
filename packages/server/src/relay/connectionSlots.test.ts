import { describe, expect, it } from 'vitest';
import { ConnectionSlots } from './connectionSlots.ts';

describe('ConnectionSlots', () => {
  it('refuses past the per-network limit before the total one, and a release (once) frees a place', () => {
    const slots = new ConnectionSlots(3, 2);
    const first = slots.take('2001:db8::1');
    expect(slots.take('2001:db8::2').ok).toBe(true);
    expect(slots.take('2001:db8::3')).toEqual({ ok: false, refused: 'ip' });
    expect(slots.take('192.0.2.1').ok).toBe(true);
    expect(slots.take('192.0.2.2')).toEqual({ ok: false, refused: 'total' });
    if (!first.ok) throw new Error('refused');
    first.release();
    first.release();
    expect(slots.size).toEqual({ open: 2, networks: 2 });
    expect(slots.take('2001:db8::3').ok).toBe(true);
    expect(slots.take('2001:db8::4')).toEqual({ ok: false, refused: 'ip' });
  });
});
