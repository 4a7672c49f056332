import type { PharmacyRecord } from '../features/pharmacies/pharmacy-record';

/**
 * Demo mode's pharmacies (no configuration, no internet): invented pharmacies at plausible spots in
 * Brussels, Antwerp, Ghent and Liège. Every name says "demo" so no one takes them for real shops,
 * and answers built from them carry `demo: true`. They fill the nearby map's starting set
 * (PharmaciesDeps.starterPharmacies) in demo mode, chosen in demo-adapters.ts.
 */
type DemoRow = [name: string, address: string, postalCode: string, city: string, lat: number, lon: number];

const ROWS: DemoRow[] = [
  ['Pharmacie démo Grand-Place', 'Rue au Beurre 12', '1000', 'Bruxelles', 50.8478, 4.3519],
  ['Pharmacie démo Sainte-Catherine', 'Quai aux Briques 40', '1000', 'Bruxelles', 50.8515, 4.3463],
  ['Pharmacie démo Louise', 'Avenue Louise 120', '1050', 'Ixelles', 50.8302, 4.3598],
  ['Pharmacie démo Flagey', 'Place Flagey 7', '1050', 'Ixelles', 50.8275, 4.3724],
  ['Pharmacie démo Schuman', 'Rue de la Loi 170', '1040', 'Etterbeek', 50.8432, 4.3826],
  ['Pharmacie démo Saint-Gilles', 'Chaussée de Waterloo 60', '1060', 'Saint-Gilles', 50.8311, 4.3452],
  ['Pharmacie démo Uccle Centre', 'Rue Xavier de Bue 25', '1180', 'Uccle', 50.8025, 4.3378],
  ['Pharmacie démo Schaerbeek', 'Place Colignon 3', '1030', 'Schaerbeek', 50.8671, 4.3774],
  ['Apotheek demo Jette', 'Kardinaal Mercierplein 9', '1090', 'Jette', 50.8794, 4.3266],
  ['Pharmacie démo Anderlecht', 'Rue Wayez 80', '1070', 'Anderlecht', 50.8355, 4.3094],
  ['Pharmacie démo Woluwe', 'Rue Saint-Lambert 200', '1200', 'Woluwe-Saint-Lambert', 50.8466, 4.4285],
  ['Apotheek demo Zaventem', 'Stationsstraat 15', '1930', 'Zaventem', 50.8847, 4.4701],
  ['Pharmacie démo Waterloo', 'Chaussée de Bruxelles 150', '1410', 'Waterloo', 50.7176, 4.3995],
  ['Apotheek demo Groenplaats', 'Groenplaats 21', '2000', 'Antwerpen', 51.2188, 4.4009],
  ['Apotheek demo Meir', 'Meir 85', '2000', 'Antwerpen', 51.2176, 4.4103],
  ['Apotheek demo Centraal', 'De Keyserlei 30', '2018', 'Antwerpen', 51.2171, 4.4196],
  ['Apotheek demo Zurenborg', 'Dageraadplaats 4', '2018', 'Antwerpen', 51.2085, 4.4312],
  ['Apotheek demo Eilandje', 'Londenstraat 11', '2000', 'Antwerpen', 51.2297, 4.4052],
  ['Apotheek demo Berchem', 'Statiestraat 48', '2600', 'Berchem', 51.1999, 4.4272],
  ['Apotheek demo Borgerhout', 'Turnhoutsebaan 120', '2140', 'Borgerhout', 51.2156, 4.4398],
  ['Apotheek demo Wilrijk', 'Bist 6', '2610', 'Wilrijk', 51.1685, 4.3948],
  ['Apotheek demo Merksem', 'Bredabaan 310', '2170', 'Merksem', 51.2451, 4.4445],
  ['Apotheek demo Mortsel', 'Statielei 22', '2640', 'Mortsel', 51.1702, 4.4563],
  ['Apotheek demo Korenmarkt', 'Korenmarkt 16', '9000', 'Gent', 51.0544, 3.7215],
  ['Apotheek demo Vrijdagmarkt', 'Vrijdagmarkt 33', '9000', 'Gent', 51.0569, 3.7266],
  ['Apotheek demo Sint-Pieters', 'Koningin Maria Hendrikaplein 5', '9000', 'Gent', 51.0362, 3.7105],
  ['Apotheek demo Ledeberg', 'Brusselsesteenweg 90', '9050', 'Ledeberg', 51.0398, 3.7431],
  ['Apotheek demo Dampoort', 'Dendermondsesteenweg 40', '9000', 'Gent', 51.0567, 3.7427],
  ['Apotheek demo Gentbrugge', 'Land van Rodelaan 8', '9050', 'Gentbrugge', 51.0382, 3.7621],
  ['Apotheek demo Mariakerke', 'Brugsesteenweg 500', '9030', 'Mariakerke', 51.0723, 3.6722],
  ['Apotheek demo Merelbeke', 'Hundelgemsesteenweg 120', '9820', 'Merelbeke', 51.0021, 3.7464],
  ['Pharmacie démo Place Saint-Lambert', 'Place Saint-Lambert 18', '4000', 'Liège', 50.6456, 5.5733],
  ['Pharmacie démo Carré', 'Rue du Pot d’Or 20', '4000', 'Liège', 50.6415, 5.5702],
  ['Pharmacie démo Guillemins', 'Rue des Guillemins 50', '4000', 'Liège', 50.6258, 5.5673],
  ['Pharmacie démo Outremeuse', 'Rue Puits-en-Sock 70', '4020', 'Liège', 50.6397, 5.5836],
  ['Pharmacie démo Sainte-Marguerite', 'Rue Sainte-Marguerite 100', '4000', 'Liège', 50.6477, 5.5566],
  ['Pharmacie démo Angleur', 'Route du Condroz 30', '4031', 'Angleur', 50.6121, 5.5862],
  ['Pharmacie démo Herstal', 'Place Jean Jaurès 4', '4040', 'Herstal', 50.6627, 5.6284],
  ['Pharmacie démo Seraing', 'Rue Cockerill 60', '4100', 'Seraing', 50.6066, 5.5089],
  ['Pharmacie démo Chênée', 'Rue de l’Église 10', '4032', 'Chênée', 50.6114, 5.6154],
  // A pharmacy the list marks closed: stored, never answered (shows the is_open rule in demo mode).
  ['Pharmacie démo fermée Bourse', 'Boulevard Anspach 90', '1000', 'Bruxelles', 50.8481, 4.3494],
];

export const DEMO_PHARMACIES: readonly PharmacyRecord[] = ROWS.map(([name, address, postal, city, lat, lon], i) => ({
  id: `demo:${i + 1}`,
  source: 'demo',
  name,
  address,
  postal_code: postal,
  city,
  lat,
  lon,
  is_open: !name.includes('fermée'),
}));
