import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { FeeField } from "./fee-field";
import { feeGroups, fieldsByGroup } from "./fee-groups";

const groupedFields = fieldsByGroup();

/**
 * 'Цены и тарифы': the fees page's fields under six sub-tabs. Every sub-tab stays mounted
 * (hidden when inactive) so unsaved edits survive switching between them.
 */
export function FeesPanel({ fees }: { fees: Record<string, string> }) {
  const { m } = useMessages();
  return (
    <section className="space-y-4">
      <h2 className="text-xl font-semibold">{m.fees.title}</h2>
      <Tabs defaultValue={feeGroups[0].id}>
        <TabsList aria-label={m.fees.sections}>
          {feeGroups.map((group) => (
            <TabsTrigger key={group.id} value={group.id}>
              {m.fees.groups[group.id]}
            </TabsTrigger>
          ))}
        </TabsList>
        {feeGroups.map((group) => (
          <TabsContent key={group.id} value={group.id} forceMount className="space-y-3 data-[state=inactive]:hidden">
            {groupedFields[group.id].map((section) => (
              <FeeField key={section} section={section} value={fees[section] ?? ""} />
            ))}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
