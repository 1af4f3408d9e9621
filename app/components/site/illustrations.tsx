import { Glyph } from "~/components/site/glyph";

// Decorative drawings shown while no image is uploaded; their styles are in app.css (.card-art…).

/** A virtual payment card in the brand colours. */
export function CardArt({ name, compact = false, className = "" }: { name: string; compact?: boolean; className?: string }) {
  return (
    <div className={`card-art ${className}`}>
      <p>
        <b>{name}</b>
        <Glyph name="wifi" />
      </p>
      {compact ? null : <i />}
      <p>{compact ? "•••• 4821" : "•••• •••• •••• 4821"}</p>
      <p>
        <small>Virtual card</small>
        <small>12/29</small>
      </p>
    </div>
  );
}

const activity = [
  { icon: "arrow-down-left", label: "Salary", amount: "+€2,450.00" },
  { icon: "arrow-up-right", label: "Online shop", amount: "−€64.90" },
] as const;

/** The landing hero's picture: a card and a balance panel. */
export function WalletIllustration({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="wallet-art">
      <CardArt name={name} />
      <div>
        <small>Total balance</small>
        <strong>€12,480.52</strong>
        <ul>
          {activity.map(({ icon, label, amount }) => (
            <li key={label}>
              <i>
                <Glyph name={icon} />
              </i>
              {label}
              <b>{amount}</b>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The security section's picture. */
export function ShieldIllustration() {
  return (
    <div aria-hidden="true" className="shield-art">
      <i>
        <Glyph name="shield-check" />
      </i>
      <p>
        <Glyph name="lock" /> 256-bit encryption
      </p>
      <p>
        <small>Verification code</small>
        <b>482 913</b>
      </p>
    </div>
  );
}
