/** Body of a screen whose issue has not landed yet. */
export function ComingSoon() {
  return (
    <section className="coming-soon">
      <p>Coming soon</p>
    </section>
  );
}
