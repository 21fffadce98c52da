import { Select } from '@mantine/core';
import { DEPT } from '../../../core/departments/words';
import { departmentLabel, useDepartments } from './api';

/** A list's department filter: every department (archived ones too: their people and requests keep them), or none. */
export function DepartmentFilter({ value, onChange }: { value: string; onChange: (v: string | null) => void }) {
  const list = useDepartments();
  return (
    <Select
      aria-label="Department filter"
      placeholder="All departments"
      value={value || null}
      onChange={onChange}
      clearable
      searchable
      w={{ base: '100%', xs: 260 }}
      data={[
        { value: 'none', label: DEPT.noDepartment },
        ...(list.data?.items ?? []).map((d) => ({ value: String(d.id), label: departmentLabel(d) })),
      ]}
    />
  );
}
