import { useImageFallback } from "./use-image-fallback";
import type { SiteSettings } from "./use-site-settings";

// Uploaded logos come first; the built-in badges in public/payments stand in for missing ones.
const payments = [
  { setting: "visa_logo_url", label: "Visa", badge: "/payments/visa.svg" },
  { setting: "mastercard_logo_url", label: "Mastercard", badge: "/payments/mastercard.svg" },
  { setting: "pci_dss_logo_url", label: "PCI DSS", badge: "/payments/pci-dss.svg" },
  { setting: "sepa_logo_url", label: "SEPA", badge: "/payments/sepa.svg" },
];

function PaymentLogo({ sources, label }: { sources: (string | undefined)[]; label: string }) {
  const { src, ref, onError } = useImageFallback(sources);
  return (
    <li className="payment-logo">
      {src ? <img ref={ref} src={src} onError={onError} alt={label} width="64" height="40" loading="lazy" decoding="async" /> : label}
    </li>
  );
}

/** Visa, Mastercard, PCI DSS and SEPA logos from the payment settings, built-in badges otherwise. */
export function PaymentLogos({ settings }: { settings: SiteSettings }) {
  return (
    <ul aria-label="Payment methods and certifications" className="flex flex-wrap gap-2">
      {payments.map((payment) => (
        <PaymentLogo key={payment.setting} sources={[settings[payment.setting], payment.badge]} label={payment.label} />
      ))}
    </ul>
  );
}
