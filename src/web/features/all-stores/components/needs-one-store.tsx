import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useStores } from '@web/lib/stores/store-queries.ts';
import { switchStore } from '@web/lib/stores/store-query-clients.ts';
import { setAllStoresMode } from '../../../lib/stores/all-stores-mode.ts';

/** What a page that reads one store shows while the switcher is on "All stores". */
export function NeedsOneStore({ title }: { title: string }) {
  const stores = useStores().data?.stores ?? [];
  return (
    <Card data-testid="needs-one-store">
      <CardHeader>
        <CardTitle>{title} shows one store at a time</CardTitle>
        <CardDescription>
          "All stores" sums the dashboard, profit and products pages. Pick the store to see here.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {stores.map((store) => (
          <Button
            key={store.id}
            variant="outline"
            size="sm"
            onClick={async () => {
              await switchStore(store.id);
              setAllStoresMode(false);
            }}
          >
            {store.name}
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}
