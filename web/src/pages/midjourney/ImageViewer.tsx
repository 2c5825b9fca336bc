import { Image } from 'antd';

export interface ImageViewerProps {
  /** The image to show; null keeps the viewer closed. */
  src: string | null;
  onClose: () => void;
}

/** The result-image viewer (zoom, rotate, download) over the page; the thumbnail itself stays hidden. */
export function ImageViewer({ src, onClose }: ImageViewerProps) {
  if (src === null) return null;
  return (
    <div style={{ display: 'none' }}>
      <Image
        src={src}
        preview={{
          open: true,
          src,
          onOpenChange: (open) => {
            if (!open) onClose();
          },
        }}
      />
    </div>
  );
}
