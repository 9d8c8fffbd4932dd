/**
 * The first page of a PDF drawn on a canvas with pdf.js, loaded on first use only: the library (some
 * 400 kB) and its worker stay out of the app's bundles until a PDF is previewed. The worker is a file of
 * the build (Vite's `?url`), served from the app's own origin, which the CSP's `worker-src 'self'` allows.
 * pdf.js may not compile font outlines with `new Function` (`isEvalSupported: false`): the CSP refuses eval.
 */
export async function renderFirstPage(
  bytes: Uint8Array,
  canvas: HTMLCanvasElement,
  maxWidth: number,
): Promise<{ pages: number }> {
  const [pdfjs, { default: workerUrl }] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  if (pdfjs.GlobalWorkerOptions.workerSrc !== workerUrl) pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const task = pdfjs.getDocument({ data: bytes, isEvalSupported: false });
  const document = await task.promise;
  try {
    const page = await document.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    // Sharp on high-density screens, no wider than the dialog.
    const ratio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: (Math.min(maxWidth, unscaled.width * 1.5) / unscaled.width) * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas context');
    await page.render({ canvasContext: context, viewport }).promise;
    return { pages: document.numPages };
  } finally {
    void task.destroy();
  }
}
