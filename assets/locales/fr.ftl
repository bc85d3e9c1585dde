# Les mots de Parlor en français. Chaque message existe aussi dans en.ftl, avec les mêmes variables.
# Pas de markdown : les adaptateurs mettent eux-mêmes en forme les personnes, les coups et les titres.
#
# Glossaire (un mot par chose, partout) :
# - partie (match), coup (move), tour (turn), défi (challenge), table à quatre (lobby), place (seat)
# - pion : la pièce d’un joueur à Lines of Action, Barrier et Simultana (jamais « pièce » ni « pierre ») ;
#   pion marqué / non marqué (ambidextre, à quatre) ; pion couronné (Barrier)
# - tuile (Lightning, Barrier), pioche (pile), réserve (reserve), case, rangée, colonne
# - les Blancs, les Noirs, les Jaunes, les Incolores : les camps, avec la majuscule ;
#   « pions blancs » en minuscules quand c’est l’adjectif ; premier joueur, second joueur (Lightning)
# - nulle (draw), abandon (resign), reprise (takeback), annuler la partie (abort), retirer un défi
#   (cancel), refuser (decline), revanche (rematch), pendule (clock), au temps (on time)
# - classement (leaderboard, rating) : classement du serveur, classement général (global) ;
#   partie classée / amicale (rated / casual) ;
#   points : le nombre d’un classement en tête de colonne (« Classement » et « Points »)
# - salon (channel), fil (thread), serveur, le bot (Parlor qui joue), l’IA (sa force, l’analyse)
# - Élision : « de » devant un nom s’écrit avec ELISION($nom) (d’alice, de bob) ; un h n’est jamais élidé.
# - Typographie : espace fine insécable avant : ; ? ! et dans « » ; apostrophe ’ ; pas de
#   parenthèses empilées ni de deux-points enchaînés ; pas de mot anglais pour un emplacement (<nom>).

## Shared

verbatim = { $text }
unit-day = { $n ->
    [one] { $n } jour
   *[other] { $n } jours
}
unit-hour = { $n ->
    [one] { $n } heure
   *[other] { $n } heures
}
unit-minute = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
unit-second = { $n ->
    [one] { $n } seconde
   *[other] { $n } secondes
}

## Games

move-game-over = la partie est terminée
move-wrong-game = ce coup appartient à un autre jeu
move-not-legal-here = ce coup n’est pas permis dans cette position
move-no-piece = il n’y a pas de pion en { $square }
move-loa-expected = écrivez un déplacement comme b1-b3, une prise comme c1xa3, ou pass si vous n’avez aucun coup
move-loa-expected-drop = écrivez un déplacement suivi d’un parachutage comme a2-a4@d5, une prise comme c1xa3@d5, ou pass@d5 si vous n’avez aucun coup
move-loa-pass-not-allowed = vous ne pouvez passer que si vous n’avez aucun coup légal
move-loa-must-drop = { $color ->
    [white] vous devez aussi parachuter sur une case vide un des pions blancs que vous tenez : écrivez { $move }
   *[black] vous devez aussi parachuter sur une case vide un des pions noirs que vous tenez : écrivez { $move }
}
move-loa-nothing-to-drop = vous n’avez aucun pion à parachuter : écrivez { $move }
move-loa-drop-taken = { $square } est occupée : parachutez le pion sur une case vide
move-loa-not-a-capture = { $typed } n’est pas une prise : écrivez { $move }
move-loa-is-a-capture = { $typed } est une prise : écrivez { $move }
move-loa-not-yours = { $color ->
    [white] le pion en { $square } n’est pas à vous : vous jouez les Blancs
   *[black] le pion en { $square } n’est pas à vous : vous jouez les Noirs
}
move-loa-same-square = le pion en { $square } doit aller sur une autre case
move-loa-not-a-line = { $to } n’est pas sur une même ligne que { $from }  : les pions se déplacent le long d’une rangée, d’une colonne ou d’une diagonale
move-loa-distance = { $n ->
    [one] le pion en { $square } doit avancer d’exactement { $n } case sur cette ligne, qui compte { $n } pion
   *[other] le pion en { $square } doit avancer d’exactement { $n } cases sur cette ligne, qui compte { $n } pions
}
move-loa-jumps-enemy = vous ne pouvez pas sauter par-dessus un pion adverse ({ $square } barre le passage)
move-loa-own-piece = { $square } est occupée par un de vos propres pions
move-loa-wrong-seat = { $color ->
    [white] { $set ->
        [marked] le pion en { $square } n’appartient pas à { $seat } : { $seat } ne joue que les pions marqués des Blancs
       *[unmarked] le pion en { $square } n’appartient pas à { $seat } : { $seat } ne joue que les pions non marqués des Blancs
    }
   *[black] { $set ->
        [marked] le pion en { $square } n’appartient pas à { $seat } : { $seat } ne joue que les pions marqués des Noirs
       *[unmarked] le pion en { $square } n’appartient pas à { $seat } : { $seat } ne joue que les pions non marqués des Noirs
    }
}
move-loa-wrong-set = { $set ->
    [marked] le pion en { $square } n’est pas marqué : ce tour-ci, vous devez jouer un de vos pions marqués
   *[unmarked] le pion en { $square } est marqué : ce tour-ci, vous devez jouer un de vos pions non marqués
}
move-taken = { $square } est occupée
move-simultana-expected = écrivez un coup comme a2-a3 : la case d’un de vos pions, puis une case voisine (cases a1 à e5)
move-simultana-not-yours = { $color ->
    [white] le pion en { $square } n’est pas à vous : les Blancs jouent les pions O
   *[black] le pion en { $square } n’est pas à vous : les Noirs jouent les pions X
}
move-simultana-same-square = un pion doit aller sur une autre case
move-simultana-not-next = un pion avance d’une case vers le haut, le bas, la gauche ou la droite : { $to } n’est pas à côté de { $from }
move-simultana-region = { $n ->
    [one] la région vide voisine de { $square } compte { $n } case
   *[other] la région vide voisine de { $square } compte { $n } cases
}
move-simultana-regions = les régions vides voisines de { $square } comptent { $sizes } et { $last } cases
move-simultana-region-size = { $color ->
    [white] après { $move }, { $regions } ; il faut aux Blancs une région d’exactement 2 ou 4 cases
   *[black] après { $move }, { $regions } ; il faut aux Noirs une région d’exactement 3 ou 5 cases
}
move-list-or = { $head } ou { $last }
move-barrier-nowhere = nulle part
move-barrier-expected-lay = écrivez une pose comme N+E@c4 : une de vos tuiles pas encore jouées, @, puis une de vos cases de barrière vides
move-barrier-expected-move = écrivez un coup comme c3-c4 pour un pas, ou c3xe5 (voire c3xe5xc7) pour des prises
move-barrier-bad-tile = « { $tile } » n’est pas une tuile ; écrivez deux directions différentes parmi N, NE, E, SE, S, SW, W, NW, comme N+E ; { $expected }
move-barrier-same-dirs = « { $tile } » n’est pas une tuile : ses deux directions doivent être différentes ; { $expected }
move-barrier-bad-square = « { $square } » n’est pas une case ; { $expected }
move-barrier-step-separator = un pas s’écrit avec - : { $move }
move-barrier-capture-separator = les prises s’écrivent avec x : { $move }
move-barrier-step-not-chained = de { $from } à { $to }, c’est un pas, et un pas occupe tout le tour ; seules les prises s’enchaînent
move-barrier-not-step-nor-jump = de { $from } à { $to }, ce n’est ni un pas vers une case voisine, ni un saut par-dessus une case voisine
move-barrier-too-many = un tour ne peut pas prendre plus de 12 pions
move-barrier-laying = { $side ->
    [yellow] la barrière n’est pas encore complète : les Jaunes doivent d’abord poser une tuile, comme N+E@c4
   *[clear] la barrière n’est pas encore complète : les Incolores doivent d’abord poser une tuile, comme N+E@c4
}
move-barrier-complete = la barrière est complète : toutes les tuiles sont posées, déplacez donc un pion, comme c3-c4
move-barrier-not-barrier-square = { $square } n’est pas une case de barrière : les tuiles se posent sur les rangées 4 et 5
move-barrier-other-barrier = { $side ->
    [yellow] { $square } est une case de barrière des Jaunes ; vous pouvez poser sur { $squares }
   *[clear] { $square } est une case de barrière des Incolores ; vous pouvez poser sur { $squares }
}
move-barrier-tile-there = il y a déjà une tuile en { $square }
move-barrier-no-such-tile = il ne vous reste aucune tuile { $tile } ; les vôtres sont { $tiles }
move-barrier-tile-direction = la tuile { $tile } en { $square } ne laisse un pion aller que vers { $dirs }, pas vers { $dir }
move-barrier-forward-only = un pion non couronné hors de la barrière ne va que vers l’avant (vers la rangée { $rank }) : { $dirs }, pas { $dir }
move-barrier-not-yours = le pion en { $square } n’est pas à vous
move-barrier-crowned = le pion est couronné en { $square }, ce qui termine le tour
move-barrier-nothing-to-jump = il n’y a pas de pion à sauter en { $square }
move-barrier-jumps-own = vous ne pouvez pas sauter par-dessus votre propre pion en { $square }
move-lightning-expected = écrivez un tour comme PS-c1 (prendre une tuile S dans la pioche et la poser en c1), PX-*d4 (sur la case d4 adverse), PA-R (dans la réserve) ou RV-e6 (une tuile V de la réserve) ; ou en deux temps : P ou RV, puis -c1, -*d4 ou -R
move-lightning-too-long = c’est trop long pour un coup ; { $expected }
move-lightning-needs-target = il manque une destination à P{ $design } : P{ $design }-c1, P{ $design }-*d4 ou P{ $design }-R ; ou écrivez P seul pour piocher la tuile du dessus
move-lightning-bad-target = « { $target } » n’est pas une destination : écrivez une case de votre moitié comme c1 (a–h, 1–17), une case de la moitié adverse précédée d’une étoile comme *d4, ou R pour la réserve
move-lightning-empty-hand = vous n’avez pas de tuile en main : prenez-en d’abord une avec P (la pioche) ou avec R suivi d’un motif (la réserve, comme RS), ou écrivez un tour entier depuis la réserve, comme RS-c1
move-lightning-tile = une tuile { $design }
move-lightning-hand = { $source ->
    [pile] { $tile } de la pioche
   *[reserve] { $tile } de la réserve
}
move-lightning-put-examples = { $source ->
    [pile] -c1 (votre moitié), -*d4 (la moitié adverse) ou -R (la réserve)
   *[reserve] -c1 (votre moitié) ou -*d4 (la moitié adverse)
}
move-lightning-already-holding = vous tenez déjà { $hand } ; posez-la d’abord : { $examples }
move-lightning-holding = vous tenez { $hand } ; posez-la avec { $examples }
move-lightning-pile-empty = la pioche est vide : prenez une tuile dans la réserve
move-lightning-not-top = P{ $design } ne correspond pas à la tuile du dessus de la pioche ; piochez-la d’abord avec P pour la voir
move-lightning-draw-first = en partie, une tuile de la pioche se pioche avant d’être posée : jouez d’abord { $draw } pour la voir, puis posez-la (par exemple { $put })
move-lightning-not-in-reserve = il n’y a aucune tuile { $design } dans la réserve
move-lightning-no-room = une tuile de la réserve doit aller sur un plateau, et il n’y a de place pour aucune tuile { $design }
move-lightning-first-tile = la première tuile de la partie doit aller sur votre rangée de départ (rangée 1)
move-lightning-no-such-square = cette case n’existe pas
move-lightning-not-connected = { $square } n’est pas sur votre rangée de départ et ne touche aucune tuile de votre moitié
move-lightning-not-blocking = { $square } ne touche aucune tuile de la moitié adverse : vous ne pouvez bloquer qu’à côté de ses tuiles
move-lightning-reserve-to-reserve = une tuile prise dans la réserve doit être posée sur un plateau

## Match service

game-loa = Lines of Action
game-lightning = Lightning
game-barrier = Barrier
game-simultana = Simultana
side-white = Blancs
side-black = Noirs
side-yellow = Jaunes
side-clear = Incolores
side-first = premier joueur
side-second = second joueur
reason-connection = par connexion
reason-elimination = par élimination
reason-blocked = par blocage
reason-repetition = par répétition
reason-move-limit = à la limite de coups
reason-agreement = d’un commun accord
reason-resignation = par abandon
reason-timeout = au temps
reason-abort = par annulation
variant-standard = standard
variant-scrambled-eggs = œufs brouillés
variant-parachute = parachute
variant-olympiad = règles olympiques
variant-ambidextrous = ambidextre
variant-cylinder = plateau cylindrique
variant-four-player = à quatre, en deux équipes
ladder-variant = { $game } ({ $variant })
clock-per-move = { $time } par coup
clock-none = sans pendule
clock-game = pendule { $base }+{ $increment }
clocks-line = Pendules : { $clocks }
clock-seat = { $player } { $time }
rated = classée
casual = amicale
ai-level = IA niveau { $level }
who = { $who }
match-title = { $game } nº { $id } ({ $details })
lineup = { $first } ({ $first-side }) contre { $second } ({ $second-side })
turn = Coup { $n } : à { $player } de jouer ({ $side }).
turn-seat = Coup { $n } : à { $player } de jouer ({ $side }).
turn-timed = { $turn } Temps restant : { $time }.
draw-offer-line = { $player } propose la nulle : { $draw } pour accepter.
takeback-line = { $player } demande à reprendre son dernier coup : { $takeback } pour accepter.
btn-resign = Abandonner
btn-offer-draw = Proposer la nulle
btn-takeback = Reprendre
btn-abort = Annuler la partie
btn-accept-draw = Accepter la nulle
btn-refuse-draw = Refuser la nulle
btn-accept-takeback = Accepter la reprise
btn-refuse-takeback = Refuser la reprise
btn-accept = Accepter
btn-decline = Refuser
btn-cancel = Retirer
btn-rematch = Revanche
btn-confirm-resign = Oui, abandonner
btn-confirm-draw = Oui, accepter la nulle
whom-bot = le bot
whom-anyone = qui veut
challenge-line = { $challenger } défie { $whom } ; l’auteur du défi joue { $seat ->
    [first] en premier
   *[other] en second
}.
challenge-expires = Le défi expire dans { $time }.
rating-preview = Classements : { $challenger } { $mine } contre { $opponent } { $theirs }. Pour { $challenger } : victoire { $win }, nulle { $draw }, défaite { $loss }.
rating-change = { $player } : { $before } -> { $after } ({ $delta })
result-aborted-timeout = Partie annulée : le temps s’est écoulé avant que les deux camps aient joué, il n’y a donc pas de résultat.
result-aborted = Partie annulée : pas de résultat.
result-win = { $player } gagne { $reason }.
result-win-resignation = { $player } gagne par abandon.
result-win-timeout = { $player } gagne au temps.
result-win-blocked = { $player } gagne (l’adversaire n’a plus de coup).
result-draw = Partie nulle { $reason }.
head-resigns = { $player } abandonne.
head-bot-accepts = Le bot relève le défi.
head-accepts = { $player } accepte le défi.
head-declines = { $player } refuse le défi { ELISION($challenger) ->
    [vowel] d’{ $challenger }
   *[other] de { $challenger }
}.
head-cancelled = Le défi de { $player } est retiré.
head-played = { $player } a joué { $move }.
head-accepts-draw = { $player } accepte la nulle.
head-offers-draw = { $player } propose la nulle. { $other } : acceptez ou refusez.
head-asks-takeback = { $player } demande à reprendre son dernier coup. { $other } : acceptez ou refusez.
head-takeback = Reprise pour { $player } : { $n } { $n ->
    [one] coup annulé
   *[other] coups annulés
}.
head-refuses = { $player } refuse { $what ->
    [draw] la proposition de nulle
   *[other] la reprise
}.
head-withdrawn = Le défi de { $player } est retiré.
head-aborts = { $player } annule la partie.
head-out-of-time = { $player } a dépassé son temps.
notice-expired = Le défi de { $game } lancé par { $player } (nº { $id }) a expiré sans réponse.
notice-your-move = { $player } : à vous de jouer dans { $game } nº { $id }. Temps restant : { $time }.
moves-from = Coups depuis { $source } : { $moves }
menu-move = Coup
menu-pick-piece = Jouer : choisissez un pion
menu-move-to = Déplacer { $source } vers…
menu-pick-move = { $source } : choisissez le coup
replay-caption = Rediffusion de { $game } nº { $id } : { $first } contre { $second }, { $n } { $n ->
    [one] coup
   *[other] coups
}. { $result }
stored-aborted = Partie annulée.
stored-won = { $player } a gagné { $reason }.
stored-won-timeout = { $player } a gagné au temps.
stored-won-resignation = { $player } a gagné par abandon.
stored-draw = Partie nulle { $reason }.
rules-full = Règles complètes, avec images : { $docs }/fr/{ $file }
rules-full-attached = Règles complètes en pièce jointe : { $file }
board-title = { $scope ->
    [server] Classement du serveur
   *[global] Classement général
} de { $game }, page { $page } sur { $pages }
board-row = { $rank }. { $player } { $record }
board-not-ranked = Classements provisoires, après les classements établis (un classement se stabilise après quelques parties classées de plus) :
board-fresh-row = { $rank }. { $player } { $record }
board-more = …et { $n } de plus
board-empty = Personne pour l’instant : jouez une partie classée pour apparaître ici.
record = { $rating } — { $games } { $games ->
    [one] partie
   *[other] parties
} ({ $wins } V / { $draws } N / { $losses } D)
stats-title = Statistiques de { $player }
stats-scope = { $rating } { $scope ->
    [server] sur ce serveur
   *[global] au classement général
}
stats-game = { $game } : { $parts }
stats-none = Aucune partie classée pour l’instant.
stats-rating = { $rating } ({ $rank }), { $games } { $games ->
    [one] partie
   *[other] parties
} : { $wins } V / { $draws } N / { $losses } D
rank-provisional = provisoire
rank = nº { $rank }
h2h-title = { $first } contre { $second }
h2h-none = Ils n’ont encore terminé aucune partie l’un contre l’autre.
h2h-game = { $game } : { $wins } { $wins ->
    [one] victoire
   *[other] victoires
}, { $draws } { $draws ->
    [one] nulle
   *[other] nulles
}, { $losses } { $losses ->
    [one] défaite
   *[other] défaites
} pour { $player }
history-title = Dernières parties de { $player }
history-none = Aucune partie terminée pour l’instant.
history-aborted = annulée
history-draw = nulle { $reason }
history-won = gagnée { $reason }
history-lost = perdue { $reason }
history-row = nº { $id } { $game } contre { $opponent } : { $result }
history-row-casual = nº { $id } { $game } contre { $opponent } : { $result }, amicale
err-stale-board = Ce plateau n’est plus à jour : la position a changé depuis. Utilisez { $board } pour voir la position actuelle.
err-match-over = Cette partie est terminée.
err-match-over-id = La partie nº { $id } est terminée.
err-not-match-command = Cette commande ne s’applique pas à une partie.
err-no-such-match = Il n’y a pas de partie nº { $id }.
err-no-match-here = Il n’y a pas de partie dans ce salon. Lancez-en une avec { $play }.
    .terminal = Il n’y a pas de partie ici. Lancez-en une avec { $play }.
err-not-accepted = Ce défi n’a pas encore été accepté.
err-not-a-player = Vous ne jouez pas dans cette partie.
err-level = Le niveau de l’IA va de 1 (doux) à 5 (le plus fort).
err-no-ai = L’IA n’est pas encore disponible, le bot ne peut donc pas jouer. Défiez une personne, ou laissez l’adversaire vide pour un défi ouvert.
err-self-challenge = Vous ne pouvez pas vous défier vous-même.
err-variant-setup = Cette variante ne peut pas être mise en place : { $why }
err-cooldown = Merci d’attendre { $time } avant votre prochain défi.
err-channel-busy = Il y a déjà une partie ou un défi dans ce salon. Terminez-le d’abord, ou ouvrez un fil pour en lancer un autre.
err-channel-busy-here = Il y a déjà une partie ou un défi ici. Terminez-le d’abord.
err-vanished = Le défi a disparu ; veuillez réessayer.
err-already-accepted = Ce défi a déjà été accepté.
err-own-challenge = Vous ne pouvez pas accepter votre propre défi (vous pouvez le retirer).
err-challenge-for = Ce défi est destiné à { $player }.
err-expired = Ce défi a expiré.
err-no-longer-open = Ce défi n’est plus ouvert.
err-open-decline = C’est un défi ouvert : personne n’a besoin de le refuser.
err-only-cancel = Seul { $player } (ou un modérateur) peut retirer ce défi.
err-no-rematch = Vous n’avez ici aucune partie terminée à rejouer.
err-not-over = La partie nº { $id } n’est pas encore terminée.
err-never-started = Cette partie n’a jamais commencé.
err-rematch-players = Seuls les joueurs de la partie nº { $id } peuvent demander une revanche.
err-unknown-game = Cette partie est d’un jeu que cette version ne connaît pas.
err-game-over = La partie est terminée.
err-not-your-turn = Ce n’est pas votre tour : c’est à { $player } de jouer.
err-not-your-turn-anon = Ce n’est pas votre tour : c’est à votre adversaire de jouer.
err-not-a-move = Ce n’est pas un coup : { $why }
err-illegal-move = Ce coup n’est pas permis : { $why }
err-no-moves-from = { $source } n’a aucun coup permis.
err-draw-offered = Vous avez déjà proposé la nulle ; on attend { $player }.
err-bot-no-draw = Le bot joue jusqu’au bout : il n’accepte pas les nulles.
err-no-takeback-lightning = Pas de reprise à Lightning : la tuile de la pioche a été vue, reprendre le coup permettrait de regarder la pioche.
err-takeback-asked = Vous avez déjà demandé une reprise ; on attend { $player }.
err-nothing-to-take-back = Vous n’avez aucun coup à reprendre.
err-rebuild = Impossible de reconstruire la position : { $why }
err-own-offer = C’est vous qui avez fait { $what ->
    [draw] cette proposition de nulle
   *[other] cette demande de reprise
} : c’est à { $player } de l’accepter ou de la refuser.
err-nothing-to-refuse = Il n’y a pas de { $what ->
    [draw] proposition de nulle
   *[other] demande de reprise
} à refuser.
err-no-draw-to-accept = Il n’y a plus de proposition de nulle à accepter.
confirm-resign = Abandonner pour de bon la partie nº { $id } ? Vous seul voyez cette question : confirmez, ou ignorez-la et continuez à jouer.
    .terminal = Abandonner pour de bon la partie nº { $id } ? Tapez /confirm pour confirmer, ou continuez à jouer.
confirm-draw = Accepter la proposition de nulle de { $player } et finir la partie nº { $id } sur une nulle ? Vous seul voyez cette question : confirmez, ou ignorez-la et continuez à jouer.
    .terminal = Accepter la proposition de nulle de { $player } et finir la partie nº { $id } sur une nulle ? Tapez /confirm pour confirmer, ou continuez à jouer.
err-only-withdraw = Seul { $player } (ou un modérateur) peut retirer ce défi.
err-too-late-abort = Trop tard pour annuler : les deux camps ont joué. Vous pouvez abandonner ou proposer la nulle.
err-abort-not-allowed = Seuls les joueurs (avant que chacun ait joué) ou un modérateur peuvent annuler cette partie.
err-no-opponent = Cette partie n’a pas d’adversaire.
err-replay-live = La partie nº { $id } est encore en cours : sa rediffusion viendra à la fin.
err-never-played = La partie nº { $id } n’a jamais été jouée.
err-cannot-replay = La partie nº { $id } ne peut pas être rejouée.
err-cannot-replay-why = La partie nº { $id } ne peut pas être rejouée : { $why }
moves-title = Coups de { $game } nº { $id }
moves-row = { $row }
moves-none = Aucun coup pour l’instant.
moves-earlier = { $n ->
    [one] … le coup 1 n’est pas montré ici : l’export joint a tous les coups.
   *[other] … les coups 1 à { $n } ne sont pas montrés ici : l’export joint a tous les coups.
}
moves-earlier-live = { $n ->
    [one] … le coup 1 n’est pas montré ici : la feuille entière viendra avec l’export à la fin de la partie.
   *[other] … les coups 1 à { $n } ne sont pas montrés ici : la feuille entière viendra avec l’export à la fin de la partie.
}
moves-export-later = Son export pour { $engine } viendra à la fin de la partie.
moves-export = En pièce jointe : { $file }, la partie pour le moteur : { $engine }
err-moves-elsewhere = La partie nº { $id } est encore en cours : { $moves } dans son salon en donne les coups.
err-no-such-page = Il n’y a pas de page { $page } : ce classement a { $pages ->
    [one] une page
   *[other] { $pages } pages
}.
err-internal = Quelque chose s’est mal passé de notre côté et rien n’a été modifié. Veuillez réessayer.
err-db-down = Parlor ne peut rien enregistrer pour l’instant, donc rien n’a été modifié. Veuillez réessayer dans une minute.
    .terminal = Rien n’a été modifié : { $fault }. Réessayez quand la base de données sera revenue.
db-fault = { $fault ->
    [closed] Parlor est en train de s’arrêter
    [unreachable] la base de données est injoignable
    [login-refused] la base de données a refusé la connexion de Parlor
    [disk-full] le disque de la base de données est plein
    [read-only] la base de données n’accepte aucune écriture (lecture seule, ou serveur de secours)
    [locked] la base de données est restée verrouillée par une autre connexion
   *[io] le disque de la base de données n’a pas pu lire ou écrire
}
err-changed-elsewhere = La partie nº { $id } a été modifiée ailleurs entre-temps, donc rien n’a été fait. Elle a été relue : réessayez sur son dernier plateau.
err-not-started = Cette partie n’a pas commencé.
err-no-variant = { $game } n’a pas de variante { $name } ; choisissez parmi : { $choices }.
err-not-a-clock = { $text } n’est pas une pendule ; écrivez par exemple 5+3 (une pendule de partie), 30m, 1h, 1d ou none.
err-clock-range = La pendule doit être entre 1 minute et 7 jours par coup (ou none).
err-game-clock-range = Une pendule de partie s’écrit M+S : de { $min } à { $max } minutes pour chaque joueur, et de 0 à { $increment } secondes ajoutées après chaque coup, par exemple 5+3.
err-same-person = Choisissez quelqu’un d’autre pour comparer.

## Pictures

pic-side = { $side ->
    [white] Blancs
    [black] Noirs
    [yellow] Jaunes
    [clear] Incolores
    [first] Premier joueur
    [second] Second joueur
   *[other] { $side }
}
pic-first-player = premier joueur
pic-second-player = second joueur
pic-seat = { $side } { $n }
pic-marked = marqués
pic-unmarked = non marqués
pic-start = Début
pic-move = Coup { $n }
pic-move-played = Coup { $n } : { $move }
pic-to-move = Coup { $n } : { $side } au trait
pic-aborted = Partie annulée
# $kind : side (le gagnant est une couleur, « Les Blancs gagnent »), player, ou team (deux joueurs).
pic-win = { $kind ->
    [side] Les { $winner } gagnent { $how }
    [team] Les { $winner } gagnent { $how }
   *[other] { $winner } gagne { $how }
}
pic-how = { $reason ->
    [connection] par connexion
    [elimination] par élimination
    [blockade] par blocage
    [repetition] par répétition
    [move-limit] à la limite de coups
    [agreement] d’un commun accord
    [resignation] par abandon
   *[timeout] au temps
}
pic-draw = { $reason ->
    [connection] Nulle par connexion
    [elimination] Nulle par élimination
    [blockade] Nulle : aucune tuile ne peut être posée
    [repetition] Nulle par répétition
    [move-limit] Nulle à la limite de coups
    [agreement] Nulle par accord
    [resignation] Nulle par abandon
   *[timeout] Nulle au temps
}
pic-nothing = rien
pic-holds = Les { $side } tiennent
pic-holds-none = Les { $side } ne tiennent rien
pic-half = { ELISION($name) ->
    [vowel] Camp d’{ $name }
   *[other] Camp de { $name }
}
pic-half-side = { $side ->
    [first] Camp du premier joueur
   *[second] Camp du second joueur
}
pic-blocking-legend = tuile posée par l’adversaire pour bloquer (barres à la couleur de qui l’a posée)
pic-reserve = Réserve
pic-pile = { $n ->
    [0] Pioche : vide
    [one] Pioche : 1 tuile
   *[other] Pioche : { $n } tuiles
}
pic-in-hand = En main :
pic-from-pile = de la pioche
pic-from-reserve = de la réserve
pic-all-laid = toutes les tuiles posées
pic-pieces = { $n ->
    [one] { $n } pion
   *[other] { $n } pions
}
pic-crowned = { $k ->
    [one] dont { $k } couronné
   *[other] dont { $k } couronnés
}

## Images en mots (descriptions des pièces jointes, textes alt du web, /board text:true)

describe-game = { $game }.
describe-game-variant = { $game }, { $variant }.
describe-players = Joueurs : { $players }
describe-time-left = Temps restant pour ce coup : { $time }.
describe-list = { $what } ({ $n }) : { $items }.
describe-none = rien
describe-pieces = { $side }, { $kind ->
    [marked] pions marqués
    [crowned] pions couronnés
   *[all] pions
}
describe-to-drop = { $side }, pions encore à parachuter : { $n }.
describe-barrier = Tuiles de la barrière par case
describe-to-lay = { $side }, tuiles encore à poser
describe-half = { $side ->
    [first] Camp du premier joueur
   *[second] Camp du second joueur
}, { $kind ->
    [blocking] tuiles posées par l’adversaire
   *[all] tuiles par case
}
describe-in-hand = En main : { $tile }, { $source ->
    [pile] de la pioche
   *[reserve] de la réserve
}.
describe-hand-empty = En main : rien.
describe-reserve = Réserve
describe-pile = { $n ->
    [0] La pioche est vide.
    [one] Pioche : 1 tuile.
   *[other] Pioche : { $n } tuiles.
}
describe-cut = La position entière ne tient pas ici : { $board } la donne.
describe-arrow = Flèche : le coup joué, { $played }.
describe-arrows = Flèches : le coup joué, { $played } ; le meilleur coup de l’IA, { $better }.
describe-replay = Rejeu de { $game } : { $players } ; { $n ->
    [one] 1 coup.
   *[other] { $n } coups.
}
describe-graph = Le graphique du coach : les chances de gagner de chaque camp après chaque coup.
describe-costliest = Les coups les plus coûteux
describe-costly = coup { $n } ({ $side }), { $played } (mieux : { $better })
describe-text-file = Fichier texte { $name }.

## Rules

rules-loa =
    Se joue sur un damier 8x8 ; les Blancs commencent. Déplacez un de vos pions en ligne droite
    (horizontale, verticale ou diagonale) d’exactement autant de cases qu’il y a de pions, des deux
    couleurs, sur toute cette ligne. Vous pouvez sauter par-dessus vos propres pions, mais pas
    par-dessus ceux de l’adversaire ; en arrivant sur un pion adverse, vous le capturez. Le premier
    joueur qui réunit tous ses pions en un seul groupe (des pions qui se touchent par un côté ou par
    un coin) gagne. Notation : b1-b3 pour un déplacement, c1xa3 pour une prise. Variantes (option
    variant de /play) : scrambled-eggs et parachute (autres départs), olympiad (les Noirs
    commencent, et un coup qui connecte les deux camps donne la nulle), ambidextrous (pions marqués
    et non marqués en alternance), cylinder (les colonnes a et h se touchent) et four-player (deux
    équipes de deux).

rules-lightning =
    Chaque joueur a sa propre moitié de plateau, large de 8 cases et longue de 17. À votre tour,
    prenez une tuile (celle du dessus de la pioche, ou n’importe laquelle de la réserve, face
    visible) et posez-la sur votre moitié (sur votre rangée de départ ou au contact de vos tuiles),
    sur la moitié adverse pour bloquer votre adversaire, ou, si elle vient de la pioche, dans la
    réserve. Le premier qui relie sa rangée de départ à sa rangée d’arrivée par une ligne continue
    de traits gagne. Un tour depuis la pioche se joue en deux coups : P pour tirer, puis -c1 (sur
    votre moitié), -*d4 (sur la moitié adverse) ou -R (dans la réserve) ; depuis la réserve, RV-e6
    prend un V et le pose en e6. On ne peut pas reprendre un coup, puisqu’on aurait vu les tuiles de
    la pioche.

rules-barrier =
    Un jeu de la famille des dames, sur un damier 8x8. D’abord, chacun à son tour, en commençant par
    les Jaunes, les joueurs posent leurs 8 tuiles fléchées sur les deux rangées du milieu (N+E@c4).
    Ensuite, les pions avancent d’une case (c3-c4) ou sautent vers l’avant, tout droit ou en
    diagonale ; sur une tuile, un pion ne peut se déplacer que dans le sens de ses flèches. Les sauts
    capturent, peuvent s’enchaîner (c3xe5xc7) et ne sont jamais obligatoires. Un pion qui atteint la
    dernière rangée est couronné et peut ensuite aller dans toutes les directions hors des tuiles.
    Pour gagner, prenez tous les pions adverses ou laissez votre adversaire sans coup possible.

rules-simultana =
    Se joue sur un damier 5x5 ; les Blancs commencent. Déplacez un de vos pions d’une case,
    orthogonalement, vers une case vide. Après ce déplacement, au moins une des zones de cases vides
    qui touchent la case d’arrivée doit compter exactement 2 ou 4 cases si vous jouez les Blancs, 3
    ou 5 si vous jouez les Noirs. On ne prend jamais rien. Le joueur qui n’a plus de coup possible a
    perdu. Notation : a2-a3.

## Discord

cmd-play = Défier quelqu’un à un jeu (ou le bot, ou qui veut)
cmd-play-game = Le jeu
cmd-play-opponent = Qui défier ; choisissez-moi pour jouer contre l’ordinateur ; vide pour un défi ouvert
cmd-play-variant = Une variante des règles (standard par défaut)
cmd-play-rated = Si le résultat compte pour le classement (oui par défaut ; jamais contre l’ordinateur)
cmd-play-clock = Pendule de partie M+S (5+3 : 5 min chacun, 3 s par coup) ou temps par coup (30m ; 1d sinon)
cmd-play-level = La force de l’ordinateur, de 1 (facile) à 5 (fort)
cmd-move = Jouer un coup dans la partie de ce salon
    .terminal = Jouer un coup dans la partie en cours ici
cmd-move-move = Votre coup, par exemple b1-b3 (commencez à taper pour voir les coups permis)
cmd-board = Afficher à nouveau la partie de ce salon
    .terminal = Afficher à nouveau la partie en cours ici
cmd-board-text = true : la position en mots, pour vous seul (pour les lecteurs d’écran)
cmd-resign = Abandonner la partie de ce salon
    .terminal = Abandonner la partie en cours ici
cmd-draw = Proposer la nulle, ou accepter celle de l’adversaire
cmd-takeback = Demander à reprendre votre dernier coup (l’adversaire accepte ou refuse)
cmd-abort = Annuler la partie de ce salon avant qu’elle ait vraiment commencé (modérateurs : à tout moment)
    .terminal = Annuler la partie en cours ici avant qu’elle ait vraiment commencé
cmd-rules = Apprendre à jouer à un jeu
cmd-rules-game = Le jeu
cmd-leaderboard = Les meilleurs joueurs d’un jeu
cmd-leaderboard-game = Le jeu
cmd-leaderboard-scope = Le classement de ce serveur, ou le classement général (ce serveur par défaut)
cmd-leaderboard-page = Quelle page de dix (la première par défaut)
cmd-leaderboard-variant = Une variante qui a son propre classement (ambidextre, cylindre)
cmd-stats = Classements et résultats d’un joueur (vous par défaut), ou son bilan contre quelqu’un
cmd-stats-user = Les statistiques de qui (les vôtres par défaut)
cmd-stats-game = Seulement ce jeu
cmd-stats-against = Montrer plutôt les résultats contre ce joueur
cmd-history = Les dernières parties d’un joueur (vous par défaut)
cmd-history-user = Les parties de qui (les vôtres par défaut)
cmd-replay = Revoir une partie terminée, en animation
cmd-replay-match = Le numéro de la partie (voir /history)
cmd-settings = Voir ou changer les réglages : ceux du serveur, vos rappels et votre langue
cmd-settings-threads = Un fil pour chaque partie acceptée (ce serveur ; gérer le serveur)
cmd-settings-reminders = Être rappelé quand votre temps s’épuise
cmd-settings-language = La langue de tout le serveur (auto : celle de Discord ; gérer le serveur)
cmd-settings-my-language = La langue des réponses que vous seul voyez (auto : celle de Discord)
cmd-settings-web = Publier les classements et parties du serveur sur le web, avec un lien (gérer le serveur)
cmd-settings-my-web = Afficher votre nom sur les pages web (non : vous y êtes « anonyme »)
cmd-help = Les commandes, en bref
choice-language-auto = Automatique
choice-language-en = Anglais (English)
choice-language-fr = Français
cmd-moves = Les coups de la partie de ce salon, ou d’une partie terminée avec son export
    .terminal = Les coups de la partie en cours ici, ou d’une partie terminée avec son export
cmd-moves-match = Un numéro de partie (voir /history) ; celle de ce salon par défaut
    .terminal = Un numéro de partie (voir /history) ; celle en cours ici par défaut
choice-game-loa = Lines of Action : reliez tous vos pions
choice-game-lightning = Lightning : posez des tuiles pour tracer un chemin sur votre plateau
choice-game-barrier = Barrier : des dames à travers une barrière de tuiles fléchées
choice-game-simultana = Simultana : petit plateau, chaque coup doit laisser les bons vides
choice-scope-server = Ce serveur
choice-scope-global = Classement général (tous les serveurs)
choice-variant-standard = Règles standard (tous les jeux)
choice-variant = { $game } : { $variant }

discord-expires = Expire { $time }.
discord-deadline = Échéance : { $time }.
err-other-bot = { $name } est un bot et ne peut pas jouer. Défiez une personne, ou moi pour jouer contre l’ordinateur.
err-not-a-match-number = { $text } n’est pas un numéro de partie ; { $history } liste les vôtres.
err-stale-button = Ce bouton n’est plus à jour : utilisez le plateau le plus récent, ou { $board } pour l’afficher à nouveau.

## Terminal

local-reserve = Réserve : { $tiles }
local-in-hand = En main : { $tile } { $from }
local-lightning-halves = Moitié de gauche : { $left } · moitié de droite : { $right }
local-holds = Reste à poser pour les { $side } : { $tiles }
local-legend-loa = { $marks ->
    [yes] b : pions blancs, n : pions noirs ; B et N : les pions marqués.
   *[no] b : pions blancs, n : pions noirs.
}
local-legend-simultana = O : pions blancs, X : pions noirs.
local-barrier-legend = y et c : pions jaunes et incolores, Y et C une fois couronnés ; (y) et (c) : leurs cases de barrière.
local-quiet = Coups sans prise ni couronnement : { $n } sur { $max }

# Les emplacements de la syntaxe des commandes dans /help (affichés <nom>).
local-ph-name = nom
local-ph-variant = variante
local-ph-move = coup
local-ph-id = numéro
local-ph-source = case ou source
local-ph-seat = numéro de place
local-ph-game = jeu
local-ph-n = n
local-ph-minutes = minutes
local-help = Les commandes du bot, tapées en texte :
local-help-play = défier quelqu’un, l’ordinateur (opponent bot) ou qui veut (sans adversaire)
local-help-move = jouer un coup, par exemple /move b1-b3
local-help-moves = les coups de la partie jusqu’ici ; une partie terminée avec son export pour le moteur
local-help-legal = lister les coups permis
local-help-board = afficher à nouveau la position
local-help-resign = abandonner (demande d’abord confirmation ; /confirm abandonne), quoi qu’il ait été affiché avant
local-help-draw = proposer la nulle, ou accepter la proposition
local-help-refuse-draw = refuser la proposition de nulle
local-help-takeback = demander une reprise, ou accepter la demande
local-help-refuse-takeback = refuser la reprise
local-help-abort = annuler la partie, tant que chaque camp n’a pas joué
local-help-confirm = confirmer ce qui vient d’être demandé (abandonner, accepter une nulle)
local-help-accept = accepter le défi
local-help-decline = refuser le défi
local-help-cancel = retirer votre défi
local-help-rematch = rejouer contre le même adversaire
local-help-pick = les coups d’un pion, ou d’une source de tuiles (Lightning)
local-help-rules = les règles d’un jeu
local-help-leaderboard = les meilleurs joueurs d’un jeu
local-help-stats = classements et résultats
local-help-history = les dernières parties
local-help-replay = une partie terminée, en animation
local-help-as = changer de joueur local (chacun son tour au clavier)
local-help-sit = prendre une place à une table à quatre
local-help-sit-bot = placer le bot à une table à quatre
local-help-settings = voir ou changer les réglages (fils, rappels, langues, pages web)
local-err-on-off = { $text } : utilisez on ou off.
local-err-game = { $text } n’est pas un jeu d’ici : { $values }.
err-option-choice = { $text } : utilisez { $values }.
err-option-number = { $max ->
    [0] { $text } : utilisez un nombre entier à partir de { $min }.
   *[other] { $text } : utilisez un nombre entier de { $min } à { $max }.
}
local-help-help = cette liste
local-help-quit = quitter
local-help-wait = laisser passer des minutes, dans une session lancée avec --manual-clock (tests, démonstrations)
local-err-slash = Les commandes commencent par / (essayez { $help }) ; pour jouer un coup, tapez { $move }.
local-err-which-source = Quel pion, ou quelle source de tuiles ? Par exemple { $example }.
local-err-who = Qui parle ? Par exemple { $example }.
local-err-name-long = Un nom a au plus { $max } caractères.
local-err-name-chars = Un nom ne peut pas contenir de caractères de contrôle.
local-err-name-bot = { $name } est le nom du bot : choisissez-en un autre pour une personne.
local-err-too-long = Cette ligne fait { $n } caractères ; une commande en a au plus { $max }.
local-err-unknown = Il n’y a pas de commande { $command }. { $help } les liste toutes.
local-err-missing = Il manque l’option { $key }, par exemple { $example }.

local-err-unknown-option = { $n ->
    [0] { $command } ne prend aucune option : { $option } n’est pas compris.
   *[other] { $command } n’a pas d’option { $option } ; ses options sont { $options }.
}
local-err-repeated-option = L’option { $option } est donnée deux fois : ne la donnez qu’une fois.
local-bot-later = Le bot a encore un coup à jouer : il le jouera au prochain lancement de parlor local.
local-greeting = Parlor, dans le terminal. Vous êtes { $name }. { $help } liste les commandes ; { $as } donne la parole à quelqu’un d’autre.
local-now-speaking = À { $name } de parler.
local-waited = { $minutes ->
    [one] Une minute passe : il est maintenant { $time }.
   *[other] { $minutes } minutes passent : il est maintenant { $time }.
}
local-wait-real-clock = Ici le temps passe tout seul : seule une session lancée avec { $flag } attend sur commande.
local-err-how-long = Combien de minutes ? Par exemple { $example }.
local-no-moves = Aucun coup : la partie est terminée.
local-nothing-to-confirm = Il n’y a rien à confirmer.
local-legal-moves = Coups permis ({ $n }) : { $moves }
local-to-you = (pour vous) { $text }
local-commands-here = Commandes possibles : { $commands }
local-no-picture = (pas d’image : { $why })
local-picture = Image : { $path }
local-export = Export pour le moteur : { $path }
local-cannot-write = (impossible d’écrire { $path } : { $why })


## LOA à quatre : tables, places, résultats par équipe
seat-name = { $seat ->
    [w1] Blancs, pions marqués
    [w2] Blancs, pions non marqués
    [b1] Noirs, pions marqués
   *[b2] Noirs, pions non marqués
}
# Une place à une table pour quatre, nommée comme sur l’image du plateau : couleur et numéro
# (1 pour les pions marqués, 2 pour les non marqués).
seat-four = { $seat ->
    [w1] Blancs 1, pions marqués
    [w2] Blancs 2, pions non marqués
    [b1] Noirs 1, pions marqués
   *[b2] Noirs 2, pions non marqués
}
seat-short = { $seat ->
    [w1] Blancs 1
    [w2] Blancs 2
    [b1] Noirs 1
   *[b2] Noirs 2
}
seat-player = { $player } ({ $seat })
lineup-seats = { $seats }
offer-waiting = On attend encore : { $players }.
lobby-line = { $challenger } ouvre une table à quatre : deux équipes, les Blancs et les Noirs, chacune avec un joueur pour les pions marqués et un pour les pions non marqués. Prenez place !
lobby-seat = { $seat } : { $player }
lobby-empty = libre
btn-sit = Prendre la place { $seat }
btn-sit-bot = Placer le bot
head-sits = { $player } prend place.
head-lobby-full = Toutes les places sont prises : la partie commence.
head-agrees = { $player } est d’accord.
head-passes = { $player } n’a aucun coup et passe.
head-then = { $first } { $second }
result-team-win = { $players } gagnent { $reason }.
result-team-win-resignation = { $players } gagnent par abandon.
result-team-win-timeout = { $players } gagnent au temps.
stored-team-won = { $players } ont gagné { $reason }.
notice-lobby-expired = La table à quatre de { $game } ouverte par { $player } (nº { $id }) a expiré avant que toutes les places soient prises.
err-rematch-lobby = La revanche se joue à deux : ouvrez une nouvelle table avec { $play }.
err-not-a-lobby = Ce défi n’a pas de places à prendre : acceptez-le plutôt.
err-already-seated = Vous avez déjà une place à cette table.
err-sit-first = Seule une personne assise à cette table peut y placer le bot.
err-seat-taken = Cette place est déjà prise : choisissez-en une libre.
err-bot-one-team = Les places libres sont dans l’autre équipe, et je joue déjà pour celle-ci : je ne jouerai pas contre moi-même. Demandez à un ami de prendre la dernière place.
local-err-which-seat = Quelle place ? Donnez son numéro, par exemple { $example }.

## Réglages
settings-title = Réglages
settings-saved = Enregistré.
settings-threads = Un fil pour chaque partie (ce serveur) : { $on ->
    [on] oui
   *[off] non
}
settings-reminders = Vos rappels quand votre temps s’épuise : { $on ->
    [on] oui
   *[off] non
}
err-settings-no-server = Les fils, la langue du serveur et ses pages web sont des réglages de serveur : changez-les dans un serveur.
    .terminal = Le terminal n’a pas de serveur : ni fils ni pages web de serveur, et sa langue se choisit au lancement (parlor local --lang fr).
err-settings-manage-server = Seuls les membres qui peuvent gérer le serveur changent ses réglages ; vos rappels, votre langue (my-language) et votre nom sur le web (my-web), vous les changez vous-même.
settings-language = Langue du serveur : { $lang ->
    [en] anglais
    [fr] français
   *[auto] automatique (la langue du serveur sur Discord)
}
settings-my-language = Langue de vos réponses privées : { $lang ->
    [en] anglais
    [fr] français
   *[auto] automatique (la langue de votre application Discord)
}
settings-web = Classements et parties de ce serveur sur le web : { $on ->
    [on] oui
   *[off] non
}
settings-web-link = Le lien à partager : { $url }
settings-web-no-url = Les pages sont ouvertes, mais l’hébergeur du bot doit d’abord définir { $variable } pour que le bot en donne l’adresse.
settings-my-web = Votre nom sur les pages web : { $on ->
    [on] affiché
   *[off] masqué (vous y êtes « anonyme »)
}

## Liens vers les pages web
link-server = Le serveur sur le web
link-ladder = Classement sur le web
link-player = Profil sur le web
link-match = La partie sur le web
local-on-the-web = Sur le web : { $url }

## Permissions (les noms que Discord affiche)
perm-view-channel = **Voir le salon**
perm-send-messages = **Envoyer des messages**
perm-send-messages-in-threads = **Envoyer des messages dans les fils**
perm-create-public-threads = **Créer des fils publics**
perm-embed-links = **Intégrer des liens**
perm-attach-files = **Joindre des fichiers**
perm-read-message-history = **Voir les anciens messages**
err-missing-permissions = Je ne peux pas lancer de partie ici : il me manque { $perms } dans ce salon, et je ne pourrais pas y afficher le plateau. Un membre qui peut gérer le serveur peut corriger cela dans les paramètres du salon (Modifier le salon → Permissions) ou dans ceux de mon rôle (Paramètres du serveur → Rôles).
undelivered-gone = (Le salon de cette partie a été supprimé : je n’ai pas pu y publier la suite. Rien n’est perdu, la partie continue ici.)
undelivered-forbidden = (Je n’ai pas pu publier ici la suite de cette partie : il me manque { $perms } dans ce salon. Tout est sur ce plateau ; un membre qui peut gérer le serveur peut corriger cela dans les paramètres du salon.)
undelivered-refused = (Je n’ai pas pu publier ici la suite de cette partie : Discord ne l’a pas acceptée. Tout est sur ce plateau.)
undelivered-unavailable = (Discord n’a pas accepté mes messages pendant un long moment : je n’ai pas pu publier ici la suite de cette partie. Rien n’est perdu, tout est sur ce plateau.)

## Jouer partout (Parlor installé sur le compte d’une personne)
err-server-only = Cela appartient à un serveur : cela ne marche que sur un serveur qui a ajouté Parlor. Ici, { $settings } garde vos propres réglages (`my-language`, `reminders`, `my-web`), et { $leaderboard } montre le classement mondial.
err-dm-play-a-friend = En message privé avec Parlor, vous jouez contre Parlor : laissez `opponent` vide. Pour jouer contre { $player }, utilisez { $play } dans votre conversation avec cette personne (ou dans un groupe, ou sur un serveur).
note-private-here = 🔒 Vous seul voyez mes réponses ici : ce serveur a désactivé **Utiliser des applications externes**. La partie continue quand même : { $board } montre à chaque joueur le plateau et ses boutons, et { $move } joue un coup.
notice-in-dm = Du nouveau dans votre partie de { $chat } : je ne peux y écrire que lorsque quelqu’un y utilise une de mes commandes ou un de mes boutons, alors le voici. La prochaine commande ou le prochain bouton utilisé là-bas l’affichera aussi.

## Aide
help-title = Parlor : des jeux de plateau sur votre serveur
help-play = { $play } lance un défi (à quelqu’un, à moi ou à qui veut) ; on joue ensuite avec les boutons du plateau ou { $move }.
help-match = { $board } réaffiche le plateau ; { $resign } pour abandonner, { $draw } pour proposer la nulle, { $takeback } pour reprendre un coup, { $abort } pour annuler une partie à peine commencée.
help-results = { $leaderboard }, { $stats }, { $history }, { $moves }, { $replay } et { $analyze } : classements, résultats et parties passées.
help-settings = { $settings } affiche les réglages : fils, rappels, langue du serveur et la vôtre, pages web.
help-rules = Pour apprendre : { $rules }, et les règles complètes sur { $docs }
help-rules-attached = Pour apprendre : { $rules }, qui joint les règles complètes
presence = /play pour lancer une partie

## Fils
note-bot-unrated = (Les parties contre le bot ne sont pas classées : elles ne changent le classement de personne.)
note-no-threads = (Je n’ai pas pu donner un fil à cette partie : il me faut les permissions Créer des fils publics et Envoyer des messages dans les fils dans ce salon. D’ici là, les parties s’y jouent dans le salon, une à la fois. Un membre qui peut gérer le serveur peut aussi désactiver les fils avec /settings.)
err-play-in-thread = Ce fil appartient à la partie nº { $id } : lancez un nouveau défi dans le salon d’où il part.
err-same-opponent-here = Vous avez déjà une partie avec cette personne dans ce salon (nº { $id }) : terminez-la d’abord.
thread-name = { $game } nº { $id } · { $first } contre { $second }
card-over = La partie nº { $id } est terminée : { $result }
card-moved = La partie nº { $id } se joue dans { $thread }.
# Le graphique de l’analyse (src/render/graph.rs).
graph-title = Chances de gagner
graph-move = Coup
graph-turning-point = Tournant : coup { $n }
graph-percent = { $n } %
# Le résumé de l’analyse en une ligne ; $move est le coup avec son annotation (b4-d6?).
# Les résumés sont des groupes nominaux (« victoire des Blancs ») : le camp s’y accorde sans verbe.
coach-side = { $side ->
    [white] des Blancs
    [black] des Noirs
    [yellow] des Jaunes
    [clear] des Incolores
    [first] du premier joueur
   *[second] du second joueur
}
coach-summary-led = Avantage { $first } du début à la fin ({ $share } % des coups). { $result }
coach-summary-turned = Avantage { $first }, puis { $to } à partir du coup { $n } et jusqu’à la fin ; { $share } % des coups à l’avantage { $leader }. { $result }
coach-summary-turns = L’avantage a changé de camp { $turns } fois, en dernier au coup { $n } (avantage { $to } jusqu’à la fin) ; { $share } % des coups à l’avantage { $leader }. { $result }
coach-summary-even = Aucun camp n’a gardé l’avantage longtemps ; { $share } % des coups à l’avantage { $leader }. { $result }
coach-summary-level = Chances égales après chaque coup selon l’IA. { $result }
coach-result-won = Victoire { $winner }.
coach-result-behind = Victoire { $winner }, contre l’avis de l’IA jusqu’à la fin.
coach-result-draw = Partie nulle.
coach-summary-empty = Aucun coup n’a été joué.

# L’entraîneur : /analyze et le bouton Analyser (src/table/coach.rs).
btn-analyse = Analyser
coach-title = Analyse de { $game } nº { $id }
coach-queued = En attente : une autre analyse est en cours…
coach-progress = Analyse en cours… { $n } %
coach-failed = L’analyse de la partie nº { $id } a échoué. Réessayez plus tard.
coach-not-over = La partie nº { $id } n’est pas terminée : l’entraîneur n’analyse que les parties finies.
coach-aborted = La partie nº { $id } a été annulée : il n’y a rien à analyser.
coach-no-moves = Aucun coup n’a été joué dans la partie nº { $id } : il n’y a rien à analyser.
coach-mistake = { $rank }. Coup { $n }, { $player } : { $played }, mieux valait { $better } (chances de gain { $before } % → { $after } %)
coach-no-mistakes = L’IA n’a relevé aucun coup à annoter : une partie propre.
moves-marks = Annotations de l’analyse de l’IA : { $dubious } un coup qui a coûté à son joueur { $inaccuracy } % ou plus de ses chances de gain, { $bad } { $mistake } % ou plus, { $worst } { $blunder } % ou plus en le laissant derrière.
cmd-analyze = L’analyse d’une partie terminée par l’IA : où elle s’est gagnée et perdue
cmd-analyze-match = Le numéro de la partie (voir /history)
local-help-analyze = l’analyse d’une partie terminée par l’IA : un graphique et les trois plus grosses erreurs

## Pages web (en lecture seule ; `/settings web:on`)

web-anonymous = anonyme
web-local = local (le terminal)
web-a-server = un serveur Discord
web-direct = Messages privés
web-global = général
web-footer = Parlor : des jeux de plateau sur Discord. Ces pages sont en lecture seule ; un serveur les publie avec { $on }, et chacun peut masquer son nom avec { $off }.
web-home-title = Les classements de Parlor
web-home-intro = Lines of Action, Lightning, Barrier et Simultana, joués sur Discord. Voici les classements généraux des serveurs qui publient les leurs, et des parties jouées au terminal.
web-home-link = Retour aux classements
web-global-ladders = Classements généraux
web-global-title = Classement général de { $ladder }
web-server-ladder-title = { $server } : classement de { $ladder }
web-this-server-ladder-title = Classement de { $ladder }
web-ladders = Classements
web-players-count = { $n ->
    [one] { $n } joueur
   *[other] { $n } joueurs
}
web-no-ratings = Personne pour l’instant : une partie classée y inscrit ses joueurs.
web-no-matches = Aucune partie terminée à montrer pour l’instant.
web-col-player = Joueur
web-col-rating = Points
web-col-games = Parties
web-col-record = G / N / P
web-col-ladder = Classement
web-col-opponent = Adversaire
web-col-game = Jeu
web-record-legend = G / N / P : gagnées, nulles, perdues.
web-provisional = classement provisoire : il se stabilise après quelques parties classées de plus
web-provisional-legend = Un classement suivi de ? est encore provisoire : il se stabilise après quelques parties classées de plus.
web-previous = Précédent
web-next = Suivant
web-first = Position de départ
web-last = Position finale
web-page-of = Page { $page } sur { $pages }
web-recent = Dernières parties
web-ratings = Classements
web-rating-chart = Classement général au fil du temps
web-h2h = Face-à-face
web-match-name = { $game } nº { $id }
web-rated = classée
web-casual = amicale
web-start-position = Position de départ
web-after-move = Après le coup { $n } sur { $total } : { $move }
web-sheet = Feuille de partie
web-no-moves = Aucun coup n’a été joué.
web-replay = Revoir la partie (animation)
web-export = Télécharger les coups ({ $file }, lu par parlor engine)
web-analysis = L’analyse de l’IA
web-no-mistakes = L’IA n’a trouvé aucun coup à marquer : une partie propre.
web-mistake = Coup { $n }, { $player } : { $played }, mieux valait { $better } (chances de gain { $before } % → { $after } %)
web-not-found-title = Page introuvable
web-not-found = Cette page n’existe pas ou n’est pas publique : les pages d’un serveur n’existent que tant qu’il les publie, et un joueur qui masque son nom n’a pas de page.
web-unavailable-title = Indisponible pour l’instant
web-unavailable = Les pages ne peuvent pas lire leurs données pour le moment. Réessayez dans une minute.
web-busy = Trop d’images sont en cours de dessin : réessayez dans quelques secondes.
web-puzzle-start = { $side ->
    [white] Les Blancs jouent et gagnent
    [black] Les Noirs jouent et gagnent
    [yellow] Les Jaunes jouent et gagnent
    [clear] Les Incolores jouent et gagnent
   *[other] { $side } joue et gagne
} en { $n } { $n ->
    [one] coup
   *[other] coups
}
web-puzzle-step = Coup { $step } sur { $n } de la solution : { $move }
web-puzzle-rating = classé { $rating }, tenté { $n } fois
web-puzzle-daily = problème du jour du { $date }
web-puzzle-solution = Solution
web-puzzle-legend = Les coups du joueur et les réponses forcées, tour à tour : chacun mène à son plateau.
link-puzzle-yesterday = Le problème d’hier sur le web

## Tournois (issue 40 : le service ; les commandes viennent avec l’issue 41)
tournament-format-swiss = système suisse
tournament-format-round-robin = toutes rondes
tournament-format-double-round-robin = toutes rondes aller-retour
tournament-created = Le tournoi nº { $id } de { $game } ({ $format }) est ouvert aux inscriptions.
tournament-joined = { $player } s’inscrit au tournoi nº { $id } ({ $count } joueurs).
tournament-late-entry = { $player } s’inscrit en retard au tournoi nº { $id }, à partir de la ronde { $round } : les rondes précédentes comptent comme absences.
tournament-left = { $player } se retire du tournoi nº { $id }.
tournament-bye-requested = { $player } ne joue pas la ronde { $round } du tournoi nº { $id } et reçoit un demi-point.
tournament-bot = { $bot } (niveau { $level })
tournament-name = { $player }
tournament-next-round = La ronde { $round } du tournoi nº { $id } commence { $time }.
tournament-round = Tournoi nº { $id }, ronde { $round } :
tournament-board = Table { $board } : { $white } – { $black }
tournament-board-done = { $board } : { $score }
tournament-board-bye = Table { $board } : { $player } est exempt.
tournament-result = Tournoi nº { $id }, ronde { $round } : { $white } { $score } { $black }
tournament-standings = Classement du tournoi nº { $id } après la ronde { $round } :
tournament-standing = { $rank }. { $player } : { $points } ({ $tiebreaks })
tournament-over = Le tournoi nº { $id } est terminé. Vainqueur : { $winners }.
tournament-unpairable = Le tournoi nº { $id } s’arrête : la ronde { $round } ne peut pas être appariée selon les règles.
tournament-cancelled = Le tournoi nº { $id } est annulé.
tournament-export = Le tournoi nº { $id } en fichier TRF de la FIDE.
err-tournament-none = Il n’y a pas de tournoi ouvert ici.
err-tournament-here = Le tournoi nº { $id } est déjà ouvert ici.
err-tournament-organiser = Seul l’organisateur du tournoi nº { $id } peut faire cela.
err-tournament-registered = Vous êtes déjà inscrit.
err-tournament-closed = Les inscriptions sont closes : la moitié des rondes est appariée, ou le tournoi toutes rondes a commencé.
err-tournament-not-registered = Vous n’êtes pas inscrit à ce tournoi.
err-tournament-withdrawn = Vous vous êtes déjà retiré.
err-tournament-no-byes = Les demi-points d’exemption sont pour les tournois au système suisse.
err-tournament-bye-limit = Vous avez déjà demandé votre demi-point d’exemption.
err-tournament-round = Une ronde est en cours.
err-tournament-over = Le tournoi est terminé.
err-tournament-players = Il faut au moins deux joueurs.
err-tournament-round-robin = Un tournoi toutes rondes se joue à 3 à 16 joueurs.
err-tournament-unpairable = La ronde suivante ne peut pas être appariée selon les règles.
err-tournament-started = Le tournoi a déjà commencé.
err-tournament-rounds = Un tournoi au système suisse a de 1 à { $max } rondes (celles d’un tournoi toutes rondes découlent du nombre de joueurs).
err-tournament-interval = Les rondes ne peuvent pas être plus rapprochées que { $min }.
err-tournament-past = Cette heure de début est déjà passée.

## Tournament pictures and their texts
pic-tournament-title = Tournoi nº { $id } · { $game } · { $format }
pic-standings-after = Classement après la ronde { $round } sur { $rounds }
pic-standings-final = Classement final · { $rounds ->
    [one] { $rounds } ronde
   *[other] { $rounds } rondes
}
pic-pairings-round = Ronde { $round } sur { $rounds }
pic-podium = Podium
pic-col-player = Joueur
pic-col-points = Pts
pic-col-rating = Cote
pic-crosstable = Ronde par ronde
pic-round-short = R{ $round }
pic-crosstable-legend = +3 gagné contre le nᵒ 3 · =3 nulle · −3 perdu · F forfait · ½ exempt
pic-bye = exempt
pic-no-boards = Pas encore d’échiquier dans cette ronde.
pic-points = { $points } pts
tiebreak-short-buchholz-cut1 = BH-1
tiebreak-short-buchholz = BH
tiebreak-short-sonneborn-berger = SB
tiebreak-short-direct-encounter = CD
tiebreak-short-wins = V
tiebreak-buchholz-cut1 = Buchholz tronqué (BH-1)
tiebreak-buchholz = Buchholz (BH)
tiebreak-sonneborn-berger = Sonneborn-Berger (SB)
tiebreak-direct-encounter = confrontation directe (CD)
tiebreak-wins = victoires (V)
describe-tiebreaks = Départages, dans l’ordre : { $tiebreaks }.
describe-standing = { $rank }. { $player }, score { $points }.
describe-standing-tiebreaks = Départages : { $values }.
describe-rating-change = Variation de cote : { $change }.
describe-rounds = Rondes : { $rounds }.
describe-withdrawn = Retiré du tournoi.
describe-board = Échiquier { $board } : { $white } ({ $first }) contre { $black } ({ $second }).
describe-board-score = Échiquier { $board } : { $white } ({ $first }) contre { $black } ({ $second }), { $score }.
describe-board-bye = Échiquier { $board } : { $player } est exempt.
describe-standings-cut = La suite : /tournament standings, ou la page du tournoi nº { $id }.
pic-rounds-range = R{ $first }–{ $last }
web-tournaments = Tournois
web-no-tournaments = Pas encore de tournoi.
web-tournament-status = { $status ->
    [open] Inscriptions ouvertes
    [running] Ronde { $round } sur { $rounds }
    [over] Terminé après { $rounds ->
        [one] { $rounds } ronde
       *[other] { $rounds } rondes
    }
   *[cancelled] Annulé
}
web-standings = Classement
web-no-standings = Aucune ronde n’a encore été jouée.
web-rounds = Rondes
web-no-rounds = Aucune ronde n’a encore été appariée.
web-round = Ronde { $round }
web-col-result = Résultat
web-playing = en cours
web-round-picture = La ronde { $round } en image
web-tournament-export = Le tournoi en fichier TRF de la FIDE ({ $file })
web-arena-open = Inscriptions ouvertes · { $minutes } minutes de jeu
web-arena-starts = Début : { $time } · { $minutes } minutes de jeu
web-arena-ends = Aucune nouvelle partie après { $time } · { $minutes ->
    [one] { $minutes } minute restante
   *[other] { $minutes } minutes restantes
}
web-arena-ending = Aucune nouvelle partie depuis { $time } : les dernières parties se jouent
web-arena-over = Terminé : des parties ont été appariées jusqu’à { $time }
web-arena-games = Parties
web-arena-no-games = Aucune partie n’a encore été appariée.
web-arena-no-players = Personne ne s’est encore inscrit.
web-arena-games-count = { $finished ->
    [one] { $finished } terminée
   *[other] { $finished } terminées
} · { $playing } en cours
web-arena-berserk = berserk : moitié de pendule, un point de plus pour une victoire d’au moins 7 coups
web-arena-status = { $status ->
    [open] Inscriptions ouvertes
    [running] En cours
    [over] Terminé
   *[cancelled] Annulé
}
## /tournament (issue 41)
cmd-tournament = Les tournois de ce serveur : en annoncer un, s’inscrire, jouer ses rondes
cmd-tournament-create = Annoncer un tournoi (Gérer les évènements ou Gérer le serveur)
cmd-tournament-create-game = Le jeu du tournoi
cmd-tournament-create-format = Système suisse, toutes rondes ou arène
cmd-tournament-create-variant = Une variante des règles (standard sinon)
cmd-tournament-create-rounds = Le nombre de rondes d’un système suisse (assez pour un seul vainqueur sinon)
cmd-tournament-create-clock = La pendule de chaque partie : M+S (5+3) ou un temps par coup (30m ; 1d sinon)
cmd-tournament-create-rated = Si les parties entre personnes comptent pour le classement (oui sinon)
cmd-tournament-create-starts = Début de la ronde 1 : dans un moment (30m, 2h) ou à une heure UTC (20:30)
cmd-tournament-create-duration = La durée d’une arène (1h)
cmd-tournament-create-interval = Une ronde à cet intervalle (1h) plutôt qu’à la fin de la précédente
cmd-tournament-join = S’inscrire au tournoi de ce salon
cmd-tournament-leave = Se retirer du tournoi de ce salon
cmd-tournament-start = Lancer le tournoi maintenant (son organisateur)
cmd-tournament-standings = Le classement jusqu’ici
cmd-tournament-pairings = Les appariements de la ronde en cours
cmd-tournament-bye = Demander un demi-point d’exemption pour la ronde suivante
cmd-tournament-add-bot = Ajouter l’ordinateur comme joueur (l’organisateur)
cmd-tournament-add-bot-level = La force de l’ordinateur, de 1 (facile) à 5 (fort)
cmd-tournament-cancel = Arrêter le tournoi (son organisateur)
cmd-tournament-export = Le tournoi en fichier TRF de la FIDE
local-help-tournament = les tournois : /tournament create, join, start, standings…
local-help-tournament-create = annoncer un tournoi (suisse, toutes rondes), puis /tournament add-bot, /as et /tournament join
local-help-tournament-join = s’inscrire au tournoi
local-help-tournament-leave = se retirer du tournoi
local-help-tournament-start = le lancer maintenant (l’organisateur)
local-help-tournament-standings = le classement jusqu’ici
local-help-tournament-pairings = les appariements de la ronde
local-help-tournament-bye = un demi-point d’exemption à la ronde suivante
local-help-tournament-add-bot = ajouter l’ordinateur comme joueur (l’organisateur)
local-help-tournament-berserk = dans votre partie d’arène, avant votre premier coup : la moitié de votre pendule, un point de plus pour une victoire
local-help-tournament-cancel = arrêter le tournoi (l’organisateur)
local-help-tournament-export = écrire le fichier TRF du tournoi
local-ph-when = quand
local-ph-length = durée
choice-format-swiss = Système suisse (système hollandais de la FIDE)
choice-format-round-robin = Toutes rondes (chacun joue contre chacun)
choice-format-arena = Arène (autant de parties que possible)
help-tournaments = { $tournament } annonce un tournoi de ce serveur ; on s’inscrit d’une pression, ses rondes s’apparient d’elles-mêmes.
err-tournament-duration = Seule une arène a une durée ; un système suisse ou un toutes rondes a des rondes.
err-tournament-when = { $text } n’est pas une heure : dites dans combien de temps (30m, 2h) ou à quelle heure UTC (20:30).
err-tournament-permission = Organiser un tournoi demande la permission Gérer les évènements (ou Gérer le serveur).
local-err-subcommand = { $command } est suivi de l’un de { $subcommands }.
tournament-card-title = Tournoi nº { $id } : { $game }
tournament-card-rules = { $format } · { $rounds ->
    [0] autant de rondes que les inscrits le demandent
    [one] une ronde
   *[other] { $rounds } rondes
} · { $clock }
tournament-card-starts = La ronde 1 commence { $time }.
tournament-card-when-started = La ronde 1 commence quand l’organisateur tape { $start }.
tournament-card-round = La ronde { $round } est en cours.
tournament-card-over = Il est terminé : le classement est dans son fil.
tournament-card-cancelled = Il a été annulé.
tournament-card-no-players = Aucun joueur pour l’instant : appuyez sur S’inscrire.
    .terminal = Aucun joueur pour l’instant : tapez /tournament join.
tournament-card-players = Joueurs ({ $count }) : { $players }
button-tournament-join = S’inscrire
button-tournament-leave = Se retirer
tournament-thread = Tournoi nº { $id }
tournament-game-thread = Tournoi nº { $id } · Ronde { $round } · { $white } contre { $black }
tournament-your-game = { $players } : votre partie est dans { $game }.
tournament-reminder = Le tournoi nº{ $id } commence { $time } : { $players }, préparez-vous.
tournament-started = { $arena ->
    [yes] L’arène #{ $id } a commencé : ses premières parties sont appariées.
   *[no] Le tournoi nº { $id } a commencé : la ronde 1 est appariée.
}
tournament-no-event = Le tournoi nº { $id } n’est pas dans les évènements du serveur : Parlor a besoin de la permission Gérer les évènements pour l’y ajouter. Le tournoi a lieu comme annoncé.

## Puzzles
cmd-puzzle = Un problème pour vous : une seule ligne gagnante à trouver, proche de votre classement
cmd-puzzle-game = Le jeu (un jeu auquel vous jouez, ou Lines of Action, par défaut)
cmd-puzzle-variant = La variante (standard par défaut)
cmd-puzzle-daily = true : le problème du jour, le même pour tous
cmd-puzzle-move = Votre coup dans le problème en cours (commencez à taper pour voir les coups légaux)
cmd-puzzle-hint = true : quelle pièce jouer (la tentative n’est alors pas classée)
local-help-puzzle = un problème à votre niveau ; /puzzle daily pour celui du jour, /puzzle hint pour un indice
help-puzzles = { $puzzle } vous donne un problème à votre niveau, à vous seul : trouvez la ligne gagnante, coup par coup.
puzzle-title = Problème nº { $id } · { $game }
puzzle-daily-title = Problème du jour, { $date } · { $game }
puzzle-caption = { $side ->
    [white] Les Blancs jouent et gagnent
    [black] Les Noirs jouent et gagnent
    [yellow] Les Jaunes jouent et gagnent
    [clear] Les Incolores jouent et gagnent
   *[other] { $side } joue et gagne
}
puzzle-your-move = Trouvez le coup gagnant : choisissez une pièce ci-dessous, ou tapez { $move }.
    .terminal = Trouvez le coup gagnant : tapez { $move }, ou /legal pour les coups.
puzzle-rated = Problème classé ({ $rating }).
puzzle-unrated = Non classé (un indice a été demandé, ou vous avez déjà tenté ce problème).
puzzle-right = { $move } est juste. La réponse forcée : { $reply }. À vous de nouveau.
puzzle-solved = { $move } : résolu !
puzzle-wrong = { $move } ne gagne pas. La solution : { $solution } (les flèches montrent votre coup et le bon).
    .terminal = { $move } ne gagne pas. La solution : { $solution }.
puzzle-hint = Indice : jouez la pièce en { $square }.
puzzle-rating-change = Votre classement aux problèmes : { $before } → { $after }.
puzzle-daily-solved = Vous avez résolu le problème du jour : revenez demain. Série : { $streak } { $streak ->
    [one] jour
   *[other] jours
}.
button-puzzle-hint = Indice
stats-puzzle = Problèmes de { $game } : { $rating }, { $n } { $n ->
    [one] tentative classée
   *[other] tentatives classées
}
stats-puzzle-streak = Problèmes du jour résolus d’affilée : { $n }
err-puzzle-gone = Ce problème ne peut plus être affiché.
err-puzzle-over = Ce problème est terminé : tapez /puzzle pour un autre.
err-puzzle-none-under-way = Vous n’avez pas de problème en cours : tapez { $puzzle } pour en avoir un.
err-puzzle-illegal = { $move } n’est pas un coup légal dans ce problème.
err-puzzle-game = Il n’y a pas de problèmes pour { $game } : choisissez Lines of Action (deux joueurs), Barrier ou Simultana.
err-puzzle-none = Aucun problème de { $game } n’est encore enregistré.
puzzle-daily-post = Le problème du jour, le même pour tous : appuyez sur Résoudre pour le tenter (vous seul verrez votre tentative).
puzzle-daily-yesterday = { $n } { $n ->
    [one] personne a résolu
   *[other] personnes ont résolu
} le problème d’hier.
button-puzzle-solve = Résoudre
cmd-settings-puzzle-channel = Le salon où le problème du jour est publié chaque jour (Gérer le serveur)
settings-puzzle-channel = Problème du jour : publié dans { $channel } chaque jour.
local-ph-channel = salon
puzzle-daily-tried = Vous avez tenté le problème du jour : un nouveau arrive à minuit UTC. Tapez /puzzle pour un autre en attendant.
puzzle-caption-solution = Solution : { $move }
puzzle-caption-solved = Résolu !
describe-puzzle-arrows = Flèches : votre coup, { $played } ; celui de la solution, { $solution }.

## Arènes (ticket 40, point 4)
tournament-format-arena = arène
cmd-tournament-berserk = Avant votre premier coup d’une partie d’arène : moitié de pendule, un point de plus si vous gagnez
arena-card-rules = { $format } · { $duration } · { $clock }
arena-card-ends = En cours : aucune partie ne commence après { $time }.
arena-started = L’arène #{ $id } a commencé : jouez autant de parties que possible jusqu’à { $time } ; vous êtes apparié de nouveau dès la fin de votre partie. Une victoire vaut 2 points, une nulle 1, le double après deux victoires de suite. Avant votre premier coup, { $berserk } divise votre pendule par deux pour un point de plus sur une victoire d’au moins 7 de vos coups ; { $leave } met en pause.
arena-game = Partie { $game } : { $white } – { $black }
arena-game-thread = Arène #{ $id } · Partie { $game } · { $white } contre { $black }
arena-result = Arène #{ $id }, partie { $game } : { $white } { $score } { $black } (+{ $white-points }, +{ $black-points })
arena-berserk = { $player } passe en berserk dans l’arène #{ $id } : moitié de pendule, un point de plus pour une victoire.
arena-paused = { $player } fait une pause dans l’arène #{ $id } (retour avec { $join }).
arena-back = { $player } revient dans l’arène #{ $id }.
arena-standings = Classement de l’arène #{ $id } après { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} :
arena-standing = { $rank }. { $player } : { $points } (performance { $performance }, { $games } jouées)
arena-standing-streak = { $rank }. { $player } : { $points } ×2 (performance { $performance }, { $games } jouées)
arena-short-performance = Perf
arena-performance = performance (classement des adversaires, +500 par victoire, −500 par défaite)
arena-short-games = P
arena-games = parties jouées
arena-short-streak = ×2
arena-streak = points doublés : deux victoires de suite
pic-arena-live = En direct · { $games ->
    [one] { $games } partie jouée
   *[other] { $games } parties jouées
}
pic-arena-final = Classement final · { $games ->
    [one] { $games } partie
   *[other] { $games } parties
}
err-arena-duration = Une arène dure de { $min } à { $max } minutes : donnez sa durée, par exemple { $example }.
err-arena-clock = Une arène se joue à la pendule de partie (minutes + secondes par coup, comme { $example }) qui laisse le temps d’au moins deux parties.
err-arena-interval = Une arène n’a pas de rondes, donc pas d’intervalle : les joueurs sont appariés dès qu’ils sont libres.
err-arena-only = Seulement dans une arène.
err-arena-export = Une arène n’a pas de rondes, donc pas de fichier TRF : son classement est dans { $standings }.
err-arena-no-game = Vous n’avez pas de partie d’arène en cours.
err-arena-game-over = Cette partie est finie.
err-arena-berserk-moved = Trop tard : le berserk, c’est avant votre premier coup.
err-arena-berserk-done = Vous êtes déjà en berserk dans cette partie.
err-arena-paused = Vous êtes déjà en pause : { $join } vous fait revenir.
