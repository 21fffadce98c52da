import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box of a list: a labelled search input with its icon. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      type="search"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      style={{ flex: 1, minWidth: 200 }}
    />
  );
}
