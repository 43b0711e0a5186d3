import { validateGaCredentials } from '@shared/contracts/credentials.ts';
import { useToast } from '@web/components/ui/use-toast.ts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useDemoCredentials } from './use-integrations.ts';

/** The GA4 credentials as the store and fetch endpoints take them (spec §3, trimmed). */
export interface GaCredentialsPayload {
  property_id: string;
  service_account_json: string;
}

/**
 * State of a GA4 property + service-account form: its empty fields prefilled once with the demo
 * credentials in demo mode, checked with the spec §5 rules on submit (destructive toast with the spec's text), and
 * handed on trimmed when valid. The GA4 panel stores them; the dashboard's connect form fetches
 * data with them.
 */
export function useGaCredentialsForm(onValid: (credentials: GaCredentialsPayload) => void) {
  const { toast } = useToast();
  const demo = useDemoCredentials().data;
  const [propertyId, setPropertyId] = useState('');
  const [serviceAccountJson, setServiceAccountJson] = useState('');

  const prefilled = useRef(false);

  useEffect(() => {
    // Empty fields only, once: a field the owner clears stays empty and gets the spec's message.
    if (!demo || prefilled.current) return;
    prefilled.current = true;
    setPropertyId((value) => value || demo.ga4.propertyId);
    setServiceAccountJson((value) => value || demo.ga4.serviceAccountJson);
  }, [demo]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateGaCredentials({
      property_id: propertyId,
      service_account_json: serviceAccountJson,
    });
    if (!checked.ok) {
      toast({ title: checked.title, description: checked.description, variant: 'destructive' });
      return;
    }
    onValid({
      property_id: checked.value.propertyId,
      service_account_json: checked.value.serviceAccountJson,
    });
  };

  return { propertyId, setPropertyId, serviceAccountJson, setServiceAccountJson, submit };
}
