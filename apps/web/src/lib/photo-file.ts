/** Spec §5: the photo must be an image type. The server still decides from the bytes. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

/**
 * Whether the browser can decode the file as a picture. A name ending in .jpg, or the type the
 * system derives from it, says nothing about the bytes: a file that is not an image is refused
 * when chosen, before it shows as a broken preview and fails only after Generate Design.
 */
export async function decodesAsImage(file: Blob): Promise<boolean> {
  try {
    if (typeof createImageBitmap === 'function') {
      (await createImageBitmap(file)).close();
      return true;
    }
    const url = URL.createObjectURL(file);
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      return image.naturalWidth > 0;
    } finally {
      URL.revokeObjectURL(url);
    }
  } catch {
    return false;
  }
}
