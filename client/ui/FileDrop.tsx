import { Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconFileUpload, IconCheck } from '@tabler/icons-react';
import { formatMB } from '../../core/format';

/** Click or drag and drop one file. The type and size are checked by the caller (and again by the server). */
export function FileDrop({
  label,
  hint,
  accept,
  file,
  onFile,
  id,
}: {
  label: string;
  hint: string;
  accept: string[];
  file: File | null;
  onFile: (f: File) => void;
  id: string;
}) {
  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={id} size="sm" fw={500}>
        {label}
      </Text>
      <Dropzone
        onDrop={(files) => files[0] && onFile(files[0])}
        onReject={(r) => r[0] && onFile(r[0].file)}
        multiple={false}
        accept={accept}
        maxSize={Infinity}
        inputProps={{ id, 'aria-label': label }}
        aria-describedby={`${id}-hint`}
        p="md"
      >
        <Group justify="center" gap="sm" mih={70} style={{ pointerEvents: 'none' }}>
          {file ? <IconCheck aria-hidden color="var(--mantine-color-green-7)" /> : <IconFileUpload aria-hidden />}
          <div>
            <Text size="sm" fw={500}>
              {file ? file.name : 'Drag a file here or click to choose'}
            </Text>
            <Text size="xs" c="dark.5" id={`${id}-hint`}>
              {file ? formatMB(file.size) : hint}
            </Text>
          </div>
        </Group>
      </Dropzone>
    </Stack>
  );
}
