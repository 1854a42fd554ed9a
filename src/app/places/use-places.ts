/**
 * The places the screens offer (docs/client.md#places): as last pulled, and those this device is
 * creating (place-names.ts `withPlacesBeingMade`).
 */
import { useMemo } from 'react';
import type { Place } from '../../protocol/schemas';
import { useSnapshot } from '../client-context';
import { withPlacesBeingMade } from './place-names';

export function usePlaces(): readonly Place[] {
  const { places, operations } = useSnapshot();
  return useMemo(() => withPlacesBeingMade(places, operations), [places, operations]);
}
