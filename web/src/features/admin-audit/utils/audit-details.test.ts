import { describe, expect, it } from 'vitest';
import { auditDetailLines } from './audit-details';

describe('auditDetailLines', () => {
  it('shows one line per field and a before-after pair with an arrow', () => {
    expect(auditDetailLines('{"name":"Lamp","pricePaise":[129950,99900],"stock":[7,7]}')).toEqual([
      'name: Lamp',
      'pricePaise: 129950 → 99900',
      'stock: 7 → 7',
    ]);
  });

  it('shows nothing for no details', () => {
    expect(auditDetailLines('{}')).toEqual([]);
    expect(auditDetailLines('')).toEqual([]);
  });

  it('shows text that is not a JSON object as it is', () => {
    expect(auditDetailLines('stock corrected')).toEqual(['stock corrected']);
    expect(auditDetailLines('[1,2]')).toEqual(['[1,2]']);
  });
});
