import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Text, TextInput } from '@mantine/core';
import { IconCamera, IconPlus } from '@tabler/icons-react';
import { COUNT_SCREEN, readScanText } from '../../../core/inventory/counts';
import { ScanDialog } from '../scan/ScanDialog';

/**
 * The counter's scan field (docs/decisions/counts.md): it keeps the focus so a keyboard-wedge scanner types into it,
 * Enter adds what was typed, a paste of several lines adds each line, and the camera button reads labels one after
 * another. A room's label read here opens that room instead of counting it as a tag.
 */
export function ScanField({
  roomCode,
  onTag,
  onRoom,
  lastAnswer,
}: {
  roomCode: string;
  onTag: (text: string) => void;
  onRoom: (text: string) => Promise<string | void>;
  /** The newest answer, shown under the camera while it keeps reading. */
  lastAnswer: string | null;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), [roomCode]);

  /** One read: a room's label opens it; anything else is a tag for this room. */
  const take = async (read: string): Promise<string | void> => {
    const value = read.trim();
    if (!value) return;
    if (readScanText(value).kind === 'room') return onRoom(value);
    onTag(value);
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setProblem('Scan, type or paste a tag.');
      field.current?.focus();
      return;
    }
    setProblem(null);
    const value = text;
    setText('');
    const said = await take(value);
    if (typeof said === 'string') setProblem(said);
    field.current?.focus();
  };
  const paste = (e: React.ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text');
    const lines = pasted
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length < 2) return; // one tag: pasted into the field, added with Enter
    e.preventDefault();
    setProblem(null);
    for (const line of lines) void take(line);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={field}
          label={COUNT_SCREEN.scanField}
          description={COUNT_SCREEN.scanHint}
          value={text}
          error={problem ?? undefined}
          onChange={(e) => setText(e.currentTarget.value)}
          onPaste={paste}
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="done"
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button type="submit" leftSection={<IconPlus size={18} aria-hidden />} px="sm">
          Add
        </Button>
        <ActionIcon size={36} variant="default" onClick={() => setCamera(true)} aria-label="Scan with the camera">
          <IconCamera size={20} aria-hidden />
        </ActionIcon>
      </Group>
      {camera && (
        <ScanDialog
          title={`Scan labels in ${roomCode}`}
          typedLabel="Tag"
          keepReading
          status={
            lastAnswer && (
              <Text size="sm" fw={500}>
                {lastAnswer}
              </Text>
            )
          }
          onClose={() => {
            setCamera(false);
            setTimeout(() => field.current?.focus(), 0);
          }}
          onRead={(read) => take(read)}
        />
      )}
    </form>
  );
}
