import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCameraOff, IconScan } from '@tabler/icons-react';
import { TONE } from '../../ui/tones';

/** How a text reached the dialog: read from a QR code by the camera, or typed in the fallback field. */
export type ReadSource = 'scanned' | 'typed';

/**
 * What the caller makes of a read: nothing (it acts and closes the dialog), or a message to show, in which case the
 * dialog stays open to scan again or type.
 */
export type ReadAnswer = void | string | Promise<void | string>;

type CameraState =
  { kind: 'asking' } | { kind: 'reading' } | { kind: 'refused' } | { kind: 'missing' } | { kind: 'unavailable' } | { kind: 'read' };

const CAMERA_WORDS: Record<'refused' | 'missing' | 'unavailable', string> = {
  refused: 'The camera was not allowed. Allow it in the browser’s site settings to scan, or type the code below.',
  missing: 'No camera was found on this device. Type the tag or room code below.',
  unavailable: 'This browser cannot open the camera here. Type the tag or room code below.',
};

/** A QR reader over video frames: the browser's BarcodeDetector where it reads QR codes, else jsQR (loaded only then, its own chunk). */
type Reader = (video: HTMLVideoElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (opts: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function makeReader(): Promise<Reader> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) {
    try {
      if ((await Detector.getSupportedFormats()).includes('qr_code')) {
        const detector = new Detector({ formats: ['qr_code'] });
        return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
      }
    } catch {
      // Fall through to jsQR.
    }
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    // At most 640 pixels wide: enough for a label held up to the camera, and light on a phone.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** Every track of the stream stopped: the camera's light goes off. */
const stop = (stream: MediaStream | null) => stream?.getTracks().forEach((t) => t.stop());

/**
 * Scan a label (docs/decisions/labels-and-scanning.md): the phone's back camera, live, read for QR codes until one
 * is found; the frames are read on the device and never sent anywhere. The camera is stopped as soon as a code is
 * read or the dialog closes. A typed field is always there for a tag or room code (no camera, camera refused, or
 * a label too worn to read). `onRead` answers a message to keep the dialog open with it (a code that is not ours).
 */
export function ScanDialog({
  onRead,
  onClose,
  title = 'Scan a label',
  keepReading = false,
  status,
  typedLabel = 'Tag or room code',
}: {
  onRead: (text: string, source: ReadSource) => ReadAnswer;
  onClose: () => void;
  title?: string;
  /** Reads label after label without stopping the camera (counting a room); the same label again within seconds is read once. */
  keepReading?: boolean;
  /** What the last read became, shown under the camera while it keeps reading. */
  status?: React.ReactNode;
  typedLabel?: string;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>({ kind: 'asking' });
  const [attempt, setAttempt] = useState(0);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;
  const lastRead = useRef({ text: '', at: 0 });
  const keep = useRef(keepReading);

  const answer = async (text: string, source: ReadSource) => {
    setBusy(true);
    try {
      const said = await onReadRef.current(text, source);
      if (typeof said === 'string') setMessage(said);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The modal's content mounts just after the dialog: the video element is taken once the camera is granted.
    let video: HTMLVideoElement | null = null;
    setCamera({ kind: 'asking' });
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera({ kind: 'unavailable' });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (err) {
        if (cancelled) return;
        const name = (err as DOMException)?.name;
        setCamera({
          kind:
            name === 'NotAllowedError' || name === 'SecurityError'
              ? 'refused'
              : name === 'NotFoundError' || name === 'OverconstrainedError'
                ? 'missing'
                : 'unavailable',
        });
        return;
      }
      video = videoRef.current;
      if (cancelled || !video) return stop(stream);
      const shown = video;
      shown.srcObject = stream;
      await shown.play().catch(() => undefined);
      let read: Reader;
      try {
        read = await makeReader();
      } catch {
        // The reader's code could not be loaded (offline): the typed field still works.
        stop(stream);
        if (!cancelled) setCamera({ kind: 'unavailable' });
        return;
      }
      if (cancelled) return;
      setCamera({ kind: 'reading' });
      // A frame every fifth of a second: quick to find a code, light on a phone's battery.
      const tick = async () => {
        if (cancelled) return;
        const text = await read(shown).catch(() => null);
        if (cancelled) return;
        if (text && keep.current) {
          const last = lastRead.current;
          if (text !== last.text || Date.now() - last.at > 3000) void answer(text, 'scanned');
          lastRead.current = { text, at: Date.now() };
          timer = setTimeout(tick, 200);
          return;
        }
        if (text) {
          stop(stream);
          shown.srcObject = null;
          setCamera({ kind: 'read' });
          void answer(text, 'scanned');
          return;
        }
        timer = setTimeout(tick, 200);
      };
      void tick();
    })();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop(stream);
      if (video) video.srcObject = null;
    };
  }, [attempt]);

  const submitTyped = (e: React.FormEvent) => {
    e.preventDefault();
    const text = typed.trim();
    if (!text) {
      setTypedError('Type a tag or a room code');
      return;
    }
    setTypedError(null);
    setMessage(null);
    void answer(text, 'typed');
  };

  const scanAgain = () => {
    setMessage(null);
    setAttempt((n) => n + 1);
  };

  const live = camera.kind === 'asking' || camera.kind === 'reading';
  const failed = camera.kind === 'refused' || camera.kind === 'missing' || camera.kind === 'unavailable';
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack gap="sm">
        {message && (
          <Alert color="red" title="Not read" role="alert" styles={{ title: { color: TONE.red } }}>
            {message}
          </Alert>
        )}
        <div style={{ position: 'relative', display: live ? 'block' : 'none' }}>
          <video
            ref={videoRef}
            muted
            playsInline
            aria-label="Camera view"
            style={{ width: '100%', maxHeight: '50vh', background: '#000', borderRadius: 8, objectFit: 'cover' }}
          />
        </div>
        <Text size="sm" role="status" aria-live="polite">
          {camera.kind === 'asking' && (
            <Group gap="xs" component="span" wrap="nowrap">
              <Loader size="xs" aria-hidden />
              Asking for the camera…
            </Group>
          )}
          {camera.kind === 'reading' && (
            <Group gap="xs" component="span" wrap="nowrap">
              <IconScan size={16} aria-hidden />
              Point the camera at the label’s QR code.
            </Group>
          )}
          {camera.kind === 'read' && (busy ? 'Code read. Opening…' : 'Code read.')}
        </Text>
        {status}
        {failed && (
          <Alert color="gray" icon={<IconCameraOff size={18} aria-hidden />} title="No camera">
            {CAMERA_WORDS[camera.kind]}
          </Alert>
        )}
        {(camera.kind === 'read' || failed) && !busy && (
          <Group>
            <Button variant="default" leftSection={<IconScan size={18} />} onClick={scanAgain}>
              Scan again
            </Button>
          </Group>
        )}
        <form onSubmit={submitTyped} noValidate>
          <Stack gap="xs">
            <TextInput
              label={typedLabel}
              description="Printed in large type on the label"
              value={typed}
              error={typedError ?? undefined}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setTyped(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy && camera.kind !== 'read'}>
                Open
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
