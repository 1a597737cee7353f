import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** The browser's own QR reader (Chromium on Android has it), or null. */
const nativeDetector = (): DetectorClass | null =>
  typeof window !== 'undefined' && 'BarcodeDetector' in window
    ? ((window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector ?? null)
    : null;

/**
 * The phone's camera reading tickets' QR codes (decision 075) with the browser's `BarcodeDetector` where it
 * exists; elsewhere the door types the code. The same code read again within 3 seconds is one scan.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState('');
  const last = useRef({ code: '', at: 0 });
  const supported = nativeDetector() !== null && typeof navigator !== 'undefined' && !!navigator.mediaDevices;

  useEffect(() => {
    if (!on) return;
    const Detector = nativeDetector();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const tick = async () => {
          if (stopped || !video.current) return;
          try {
            const [found] = await detector.detect(video.current);
            const now = Date.now();
            if (found?.rawValue && (found.rawValue !== last.current.code || now - last.current.at > 3000)) {
              last.current = { code: found.rawValue, at: now };
              onCode(found.rawValue);
            }
          } catch {
            // A frame the detector could not read: the next one may.
          }
          timer = window.setTimeout(tick, 250);
        };
        void tick();
      } catch {
        setProblem('The camera could not be opened. Allow the camera for this site, or type the code below.');
        setOn(false);
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [on, onCode]);

  if (!supported) {
    return (
      <Text size="sm" c="dimmed">
        This browser cannot read codes with the camera: type the ticket's code below.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {on && (
        <Box style={{ borderRadius: 12, overflow: 'hidden', background: 'black', aspectRatio: '4 / 3' }}>
          <video
            ref={video}
            muted
            playsInline
            style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        </Box>
      )}
      {problem && <Alert color="orange">{problem}</Alert>}
      <Group>
        <Button
          variant={on ? 'default' : 'filled'}
          leftSection={on ? <IconCameraOff size={18} /> : <IconCamera size={18} />}
          onClick={() => {
            setProblem('');
            setOn((v) => !v);
          }}
        >
          {on ? 'Stop the camera' : 'Scan with the camera'}
        </Button>
      </Group>
    </Stack>
  );
}
