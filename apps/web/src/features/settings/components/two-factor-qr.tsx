import { twoFactorTexts } from '@spotter/contract';
import { useEffect, useState } from 'react';

/** Light modules around the code, as the QR specification asks for a reader to find it. */
const quietZone = 4;

interface Matrix {
  size: number;
  get(row: number, column: number): number | boolean;
}

/**
 * The otpauth:// link as a QR code for an authenticator app's camera, drawn as SVG from the modules
 * the qrcode library computes (no markup from a string, no canvas). The library is loaded only here,
 * when someone sets two-factor sign-in up.
 */
export function TwoFactorQr({ url }: { url: string }) {
  const [matrix, setMatrix] = useState<Matrix>();
  useEffect(() => {
    let current = true;
    void import('qrcode').then((qrcode) => {
      if (current) setMatrix(qrcode.create(url, { errorCorrectionLevel: 'M' }).modules);
    });
    return () => {
      current = false;
    };
  }, [url]);

  if (!matrix) return <div className="two-factor__qr" aria-busy="true" />;
  const side = matrix.size + 2 * quietZone;
  let dark = '';
  for (let row = 0; row < matrix.size; row++) {
    for (let column = 0; column < matrix.size; column++) {
      if (matrix.get(row, column)) dark += `M${column + quietZone} ${row + quietZone}h1v1h-1z`;
    }
  }
  return (
    <svg
      className="two-factor__qr"
      role="img"
      aria-label={twoFactorTexts.qrLabel}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={dark} fill="#000" />
    </svg>
  );
}
