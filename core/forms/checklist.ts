/** The Preventive Maintenance Checklist (docs/product.md, docs/decisions/form-checks.md): basic information and 19 particulars in 6 groups. */

export const CHECKLIST_TITLE = 'Preventive Maintenance Checklist';

export const CHECKLIST_GROUPS = [
  {
    no: '1',
    title: 'FLOOR',
    items: [
      ['1.1', 'Broken Tiles'],
      ['1.2', 'Cracked Floor'],
      ['1.3', 'Cleaning'],
    ],
  },
  {
    no: '2',
    title: 'CEILING',
    items: [
      ['2.1', 'Leak'],
      ['2.2', 'Repainting'],
    ],
  },
  {
    no: '3',
    title: 'DOOR',
    items: [
      ['3.1', 'Knob'],
      ['3.2', 'Hinges'],
      ['3.3', 'Panel'],
    ],
  },
  {
    no: '4',
    title: 'WALLS',
    items: [
      ['4.1', 'Paint'],
      ['4.2', 'Tile'],
      ['4.3', 'Cracks/Chippings'],
    ],
  },
  {
    no: '5',
    title: 'WINDOWS',
    items: [
      ['5.1', 'Lockset'],
      ['5.2', 'Hinges'],
      ['5.3', 'Glass Panel'],
      ['5.4', 'Frames'],
    ],
  },
  {
    no: '6',
    title: 'ROOF/DECK',
    items: [
      ['6.1', 'Leak'],
      ['6.2', 'Cracked panel/area'],
      ['6.3', 'Corrosion'],
      ['6.4', 'Truss defects'],
    ],
  },
] as const;

export const PARTICULAR_KEYS = CHECKLIST_GROUPS.flatMap((g) => g.items.map(([key]) => key));
export type ParticularKey = (typeof PARTICULAR_KEYS)[number];

/** "5.2" as "WINDOWS - Hinges": the group names a particular whose own name repeats (Hinges, Leak). */
export function particularName(key: string): string {
  for (const g of CHECKLIST_GROUPS) for (const [k, name] of g.items) if (k === key) return `${g.title} - ${name}`;
  return key;
}

/** The three-way mark: check = without problem, x = with problem, na = not applicable; '' = not marked. */
export const MARKS = ['check', 'x', 'na'] as const;
export type Mark = (typeof MARKS)[number];

export const checklistFileName = (building: string, monthYear: string) =>
  `preventive_maintenance_checklist${[building, monthYear]
    .filter(Boolean)
    .map((s) => `_${s}`)
    .join('')}.pdf`.replace(/[^A-Za-z0-9._-]+/g, '_');
