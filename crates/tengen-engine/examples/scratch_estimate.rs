//! Scratch: prints the estimate of diagrams read from a file (development only).
use tengen_core::{BoardSize, Color, Game, Point, Rules, Setup};
use tengen_engine::estimate::{Budget, estimate};

fn main() {
    let path = std::env::args().nth(1).expect("file");
    let rules: Rules = std::env::args()
        .nth(2)
        .unwrap_or("japanese".into())
        .parse()
        .unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    for diagram in text.split("\n\n") {
        let rows: Vec<Vec<char>> = diagram
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        if rows.is_empty() {
            continue;
        }
        let size = BoardSize::new(rows.len() as u32).unwrap();
        let mut stones = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                match c {
                    'X' => stones.push((Point::new(x as u8, y as u8), Color::Black)),
                    'O' => stones.push((Point::new(x as u8, y as u8), Color::White)),
                    _ => {}
                }
            }
        }
        let game = Game::from_setup(
            &Setup {
                size,
                stones,
                to_move: Color::Black,
                handicap: 0,
            },
            rules,
        )
        .unwrap();
        let e = estimate(&game, &Budget::for_size(size));
        for (y, row) in rows.iter().enumerate() {
            let line: String = row
                .iter()
                .enumerate()
                .map(|(x, &c)| {
                    let p = Point::new(x as u8, y as u8);
                    match (c, e.status(p)) {
                        ('X', Some(tengen_engine::Status::Dead)) => 'x',
                        ('O', Some(tengen_engine::Status::Dead)) => 'o',
                        ('X', Some(tengen_engine::Status::Seki)) => 'S',
                        ('O', Some(tengen_engine::Status::Seki)) => 's',
                        (c, _) => c,
                    }
                })
                .flat_map(|c| [c, ' '])
                .collect();
            println!("{line}");
        }
        for c in &e.chains {
            println!(
                "  {:?} {:?} x{} {:?} {:?} conf {:.2} surv {:.2}",
                c.color,
                c.stones[0],
                c.stones.len(),
                c.status,
                c.basis,
                c.confidence,
                c.survival
            );
        }
        println!(
            "  {} fills {:?} playouts {} {:?}\n",
            e.score.breakdown(),
            e.fills,
            e.playouts,
            e.elapsed
        );
    }
}
