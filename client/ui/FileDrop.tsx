import { useEffect, useRef, useState } from 'react';
import { Group, Loader, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconFileUpload, IconCheck } from '@tabler/icons-react';
import { SHRINK_MAX_SIDE } from '../../core/files';
import { formatMB } from '../../core/format';
import { DRAFT_MSG } from '../../core/messages';
import { prepareUpload, shrunkFrom } from '../lib/uploads';

/**
 * Click or drag and drop one file. A JPEG or PNG photo longer than `shrink` pixels or over the size limit is
 * shrunk first, in the browser (lib/uploads.ts); PDFs and other files pass as picked. The type and size are
 * checked by the caller (and again by the server); the size shown is the size that will be sent.
 */
export function FileDrop({
  label,
  hint,
  accept,
  file,
  onFile,
  id,
  shrink = SHRINK_MAX_SIDE,
}: {
  label: string;
  hint: string;
  accept: string[];
  file: File | null;
  onFile: (f: File) => void;
  id: string;
  /** The longest side a photo is sent at, or false to send files exactly as picked. */
  shrink?: number | false;
}) {
  const [preparing, setPreparing] = useState(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const take = async (picked: File) => {
    if (shrink === false) return onFile(picked);
    setPreparing(true);
    const ready = await prepareUpload(picked, shrink);
    // A dialog closed meanwhile takes no file.
    if (!live.current) return;
    setPreparing(false);
    onFile(ready);
  };
  const before = file && shrunkFrom(file);

  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={id} size="sm" fw={500}>
        {label}
      </Text>
      <Dropzone
        onDrop={(files) => files[0] && void take(files[0])}
        onReject={(r) => r[0] && onFile(r[0].file)}
        multiple={false}
        accept={accept}
        maxSize={Infinity}
        inputProps={{ id, 'aria-label': label }}
        aria-describedby={`${id}-hint`}
        p="md"
      >
        <Group justify="center" gap="sm" mih={70} style={{ pointerEvents: 'none' }}>
          {preparing ? (
            <Loader size="sm" aria-hidden />
          ) : file ? (
            <IconCheck aria-hidden color="var(--mantine-color-green-7)" />
          ) : (
            <IconFileUpload aria-hidden />
          )}
          <div>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {preparing ? DRAFT_MSG.preparing : file ? file.name : 'Drag a file here or click to choose'}
            </Text>
            <Text size="xs" c="dark.5" id={`${id}-hint`}>
              {file && !preparing
                ? [DRAFT_MSG.toSend(formatMB(file.size)), before ? DRAFT_MSG.shrunkFrom(formatMB(before)) : null].filter(Boolean).join(', ')
                : hint}
            </Text>
          </div>
        </Group>
      </Dropzone>
    </Stack>
  );
}
