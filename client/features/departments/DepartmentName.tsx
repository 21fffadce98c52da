import { Text } from '@mantine/core';
import { DEPT } from '../../../core/departments/words';
import { departmentLabel, useDepartments } from './api';

/** What a request is charged to, as the office reads it: "Department: College of Engineering (CENG)". */
export function DepartmentName({ id }: { id: number | null }) {
  const list = useDepartments();
  const d = id === null ? undefined : list.data?.items.find((x) => x.id === id);
  if (id !== null && !d) return null;
  return (
    <Text size="sm" c="dark.6">
      {DEPT.label}: {d ? departmentLabel(d) : DEPT.noDepartment}
    </Text>
  );
}
