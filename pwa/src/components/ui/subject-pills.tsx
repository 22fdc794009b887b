/** "Business English|#00897B,French|#3949AB" → the subjects with their colours. */
export function parseSubjectList(list: string): { name: string; color: string }[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const bar = entry.lastIndexOf('|');
      return bar === -1 ? { name: entry, color: '#6b7280' } : { name: entry.slice(0, bar), color: entry.slice(bar + 1) || '#6b7280' };
    });
}

/** Black or white text, whichever reads better on the colour (#rrggbb). */
export function textColourOn(background: string): string {
  const hex = /^#?([0-9a-f]{6})$/i.exec(background.trim())?.[1];
  if (!hex) return '#fff';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r as number) + 0.7152 * lin(g as number) + 0.0722 * lin(b as number);
  return luminance > 0.4 ? '#1a1a1a' : '#fff';
}

/** Subjects (a student's current courses, a teacher's subjects) as pills, each in its own colour. */
export function SubjectPills({ list }: { list: string }) {
  const subjects = parseSubjectList(list);
  if (subjects.length === 0) return null;
  return (
    <ul className="subject-pills">
      {subjects.map(({ name, color }, i) => (
        <li key={`${name}-${i}`} className="subject-pill" style={{ background: color, color: textColourOn(color) }}>
          {name}
        </li>
      ))}
    </ul>
  );
}
