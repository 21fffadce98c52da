import { Select } from '@mantine/core';
import { DEPT } from '../../../core/departments/words';
import { departmentLabel, useDepartmentChoices, useDepartments } from './api';

interface Props {
  value: number | null;
  onChange: (id: number | null) => void;
  /** The department the person has now: offered even when archived, so saving keeps it. */
  current?: number | null;
  /** The office reads the whole list; everyone else the choices. */
  office?: boolean;
  error?: string;
}

/** A person's department, chosen from the list (or none): archived ones are not offered unless the person has it. */
export function DepartmentSelect({ value, onChange, current = null, office = false, error }: Props) {
  const all = useDepartments(office);
  const choices = useDepartmentChoices(current);
  const items = office ? (all.data?.items ?? []) : (choices.data?.items ?? []);
  const data = items
    .filter((d) => !d.archived || d.id === current)
    .map((d) => ({ value: String(d.id), label: d.archived ? `${departmentLabel(d)}: ${DEPT.archivedTag}` : departmentLabel(d) }));
  return (
    <Select
      label={DEPT.label}
      placeholder={DEPT.noDepartment}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      clearable
      searchable
      nothingFoundMessage={DEPT.none}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
