/** Avatar image names carry a "{size}" placeholder (pixels) that the client fills in. */
export function avatarSrc(imageName: string | null, size: number): string | null {
  const name = imageName?.trim();
  if (!name) return null;
  return name.replaceAll('{size}', String(size));
}

export function initialsOf(firstName: string, lastName: string): string {
  const initials = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`;
  return initials.toUpperCase() || '?';
}
