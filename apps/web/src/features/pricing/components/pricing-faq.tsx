const FAQ = [
  {
    q: 'Can I change plans later?',
    a: 'Yes. You can upgrade at any time, and your new limits apply straight away.',
  },
  {
    q: 'What happens if I reach my plan limits?',
    a: 'Creating new documents is blocked until you upgrade or your usage resets at the start of the next month. Existing quotes and invoices stay available.',
  },
  {
    q: 'How are payments handled?',
    a: 'Payments are processed by a secure card payment provider. Your card details are never stored by us.',
  },
  {
    q: 'Are the plans VAT-compliant?',
    a: 'Yes. Quotes and invoices show your VAT number and tax breakdown, and prices are in pounds sterling.',
  },
  {
    q: 'Is there a discount for paying yearly?',
    a: 'Yes. Annual billing saves you 2 months compared with paying monthly.',
  },
];

export function PricingFaq() {
  return (
    <section aria-labelledby="faq-heading" className="mt-12">
      <h2 id="faq-heading" className="text-xl font-semibold">
        Frequently Asked Questions
      </h2>
      <dl className="mt-4 grid gap-4 md:grid-cols-2">
        {FAQ.map(({ q, a }) => (
          <div key={q} className="rounded-lg border border-slate-200 bg-white p-4">
            <dt className="font-medium text-slate-900">{q}</dt>
            <dd className="mt-1 text-sm text-slate-600">{a}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
