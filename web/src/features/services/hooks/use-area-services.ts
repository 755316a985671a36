import { servicesOfArea, type ServiceArea } from '../catalog';
import { useServiceAttributes, useServices } from './use-catalog';
import { useMenu } from './use-public-catalog';

/**
 * The catalog services of one service area (a page path), with each category's attribute order. The
 * menu's title for the path widens the category match when the menu has loaded.
 */
export function useAreaServices(path: string) {
  const menu = useMenu();
  const services = useServices();
  const area: ServiceArea = { path, title: menu.data?.find((item) => item.path === path)?.title };
  const inArea = services.data ? servicesOfArea(services.data, area) : [];
  const categories = [...new Set(inArea.map((service) => service.category))];
  const attributes = useServiceAttributes(categories);
  return { services, inArea, attributeOrder: attributes.data ?? {} };
}
