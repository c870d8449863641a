import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';

interface SignaturePadFieldProps {
  /** the drawn signature as a PNG data URL, or null when the pad is empty */
  onChange: (dataUrl: string | null) => void;
}

/** A finger or mouse signature; optional beside the typed name. */
export function SignaturePadField({ onChange }: SignaturePadFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#0f172a', backgroundColor: 'rgba(0,0,0,0)' });
    padRef.current = pad;
    // Size the drawing surface to the element at the device's pixel ratio, so lines stay sharp.
    // Phones fire resize as their address bar hides: only a width change redraws, and the strokes stay.
    let width = -1;
    const fit = () => {
      if (canvas.offsetWidth === width) return;
      width = canvas.offsetWidth;
      const strokes = pad.toData();
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length) pad.fromData(strokes);
    };
    fit();
    const end = () => onChange(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', end);
    window.addEventListener('resize', fit);
    return () => {
      pad.removeEventListener('endStroke', end);
      window.removeEventListener('resize', fit);
      pad.off();
    };
  }, [onChange]);

  return (
    <div>
      <div className="flex items-center justify-between">
        <span id="signature-label" className="text-sm font-medium text-slate-800">
          Signature (draw with your finger or mouse)
        </span>
        <button
          type="button"
          className="rounded px-2 py-1 text-sm font-medium text-blue-800 underline underline-offset-2"
          onClick={() => {
            padRef.current?.clear();
            onChange(null);
          }}
        >
          Clear
        </button>
      </div>
      <canvas
        ref={canvasRef}
        role="img"
        aria-labelledby="signature-label"
        data-testid="signature-pad"
        className="mt-1 h-40 w-full touch-none rounded-md border border-slate-400 bg-white"
      />
    </div>
  );
}
