/** Spec §5: the photo must be an image type. The server still decides from the bytes. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}
