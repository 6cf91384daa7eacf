//! The game tree: an arena of nodes, each a list of properties with text values.
//!
//! Nodes live in one vector and point at each other by index, so that no operation (drop,
//! clone, compare, write) recurses as deep as the tree: a 1 MB chain of variations is as safe
//! as a 1 MB main line.

const NONE: u32 = u32::MAX;

/// The handle of a node inside its [`GameTree`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) start: u32,
    pub(crate) end: u32,
}

#[derive(Clone, Debug)]
struct NodeData {
    props_start: u32,
    props_end: u32,
    parent: u32,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
}

#[derive(Clone, Debug)]
struct PropData {
    id: Span,
    values_start: u32,
    values_end: u32,
}

/// One game: a tree of nodes, each holding properties such as `B[dp]` or `C[Nice move]`.
///
/// Values are kept as text, with the SGF escapes (`\]`, `\\`, soft line breaks) already
/// removed; typed readings are in the accessors such as [`GameTree::size`] and
/// [`GameTree::move_of`]. Properties keep their order, unknown ones included.
///
/// Two trees are equal when they have the same shape and the same properties in the same
/// order, whatever order the nodes were created in.
#[derive(Clone)]
pub struct GameTree {
    nodes: Vec<NodeData>,
    props: Vec<PropData>,
    values: Vec<Span>,
    text: String,
}

/// A property identifier that `FF[4]` does not allow, or a property without values.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TreeError {
    /// Identifiers are one or more uppercase ASCII letters.
    #[error("property identifier {0:?} is not made of uppercase letters A-Z")]
    BadIdentifier(String),
    /// Every property has at least one value (an empty value is written `[]`).
    #[error("property {0} needs at least one value")]
    NoValue(String),
    /// The tree would hold more than 4 GiB of text or 4 G nodes.
    #[error("game tree too large")]
    TooLarge,
}

fn to_u32(n: usize) -> Result<u32, TreeError> {
    u32::try_from(n)
        .ok()
        .filter(|&n| n != NONE)
        .ok_or(TreeError::TooLarge)
}

impl Default for GameTree {
    fn default() -> Self {
        GameTree::new()
    }
}

impl GameTree {
    /// A tree with one empty root node.
    #[must_use]
    pub fn new() -> GameTree {
        let mut tree = GameTree::empty();
        tree.new_node(None);
        tree
    }

    /// No node at all; the parser adds the root.
    pub(crate) fn empty() -> GameTree {
        GameTree {
            nodes: Vec::new(),
            props: Vec::new(),
            values: Vec::new(),
            text: String::new(),
        }
    }

    /// Whether the tree has no node at all (never true of a tree read or built by `new`).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The root node (game information lives here).
    #[must_use]
    pub fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// The number of nodes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// A view of node `id`.
    ///
    /// # Panics
    /// If `id` does not belong to this tree.
    #[must_use]
    pub fn node(&self, id: NodeId) -> Node<'_> {
        assert!(id.index() < self.nodes.len(), "NodeId from another tree");
        Node { tree: self, id }
    }

    /// The nodes of the main line: the root, its first child, that node's first child, ...
    pub fn main_line(&self) -> impl Iterator<Item = Node<'_>> {
        let mut next = if self.nodes.is_empty() { NONE } else { 0 };
        std::iter::from_fn(move || {
            if next == NONE {
                return None;
            }
            let id = NodeId(next);
            next = self.nodes[next as usize].first_child;
            Some(Node { tree: self, id })
        })
    }

    /// Every node, parents before children and variations in order (depth-first), without
    /// recursion.
    pub fn preorder(&self) -> impl Iterator<Item = Node<'_>> {
        let mut stack: Vec<u32> = if self.nodes.is_empty() {
            Vec::new()
        } else {
            vec![0]
        };
        std::iter::from_fn(move || {
            let at = stack.pop()?;
            let data = &self.nodes[at as usize];
            if data.next_sibling != NONE {
                stack.push(data.next_sibling);
            }
            if data.first_child != NONE {
                stack.push(data.first_child);
            }
            Some(Node {
                tree: self,
                id: NodeId(at),
            })
        })
    }

    /// Adds a new last child (a new variation if `parent` already has one) and returns it.
    ///
    /// # Panics
    /// If `parent` does not belong to this tree, or the tree already holds 4 G nodes.
    pub fn add_child(&mut self, parent: NodeId) -> NodeId {
        assert!(
            parent.index() < self.nodes.len(),
            "NodeId from another tree"
        );
        self.new_node(Some(parent))
    }

    pub(crate) fn new_node(&mut self, parent: Option<NodeId>) -> NodeId {
        let index = to_u32(self.nodes.len()).expect("game tree too large");
        let props_end = self.props.len() as u32;
        self.nodes.push(NodeData {
            props_start: props_end,
            props_end,
            parent: parent.map_or(NONE, |p| p.0),
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
        });
        if let Some(parent) = parent {
            let p = &mut self.nodes[parent.index()];
            let previous_last = p.last_child;
            p.last_child = index;
            if previous_last == NONE {
                p.first_child = index;
            } else {
                self.nodes[previous_last as usize].next_sibling = index;
            }
        }
        NodeId(index)
    }

    /// Appends the property `id[values]...` to `node`.
    ///
    /// # Errors
    /// [`TreeError`] if `id` is not uppercase letters, there is no value, or the tree would
    /// exceed 4 GiB.
    ///
    /// # Panics
    /// If `node` does not belong to this tree.
    pub fn push_property<I, S>(
        &mut self,
        node: NodeId,
        id: &str,
        values: I,
    ) -> Result<(), TreeError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        if id.is_empty() || !id.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(TreeError::BadIdentifier(id.to_owned()));
        }
        assert!(node.index() < self.nodes.len(), "NodeId from another tree");
        self.make_props_last(node)?;
        let id_span = self.push_text(id)?;
        let values_start = to_u32(self.values.len())?;
        for value in values {
            let span = self.push_text(value.as_ref())?;
            self.values.push(span);
        }
        let values_end = to_u32(self.values.len())?;
        if values_end == values_start {
            self.text.truncate(id_span.start as usize);
            return Err(TreeError::NoValue(id.to_owned()));
        }
        self.props.push(PropData {
            id: id_span,
            values_start,
            values_end,
        });
        self.nodes[node.index()].props_end = to_u32(self.props.len())?;
        Ok(())
    }

    /// Removes every property `id` from `node`; returns how many there were.
    ///
    /// # Panics
    /// If `node` does not belong to this tree.
    pub fn remove_property(&mut self, node: NodeId, id: &str) -> usize {
        let data = &self.nodes[node.index()];
        let (start, end) = (data.props_start as usize, data.props_end as usize);
        let mut kept = start;
        for i in start..end {
            let p = &self.props[i];
            if span_str(&self.text, p.id) != id {
                self.props.swap(kept, i);
                kept += 1;
            }
        }
        self.nodes[node.index()].props_end = kept as u32;
        end - kept
    }

    /// Moves the property records of `node` to the end of `props` so that one more can follow.
    fn make_props_last(&mut self, node: NodeId) -> Result<(), TreeError> {
        let data = &self.nodes[node.index()];
        if data.props_end as usize == self.props.len() {
            return Ok(());
        }
        let (start, end) = (data.props_start as usize, data.props_end as usize);
        let new_start = to_u32(self.props.len())?;
        self.props.extend_from_within(start..end);
        let data = &mut self.nodes[node.index()];
        data.props_start = new_start;
        data.props_end = to_u32(self.props.len())?;
        Ok(())
    }

    fn push_text(&mut self, s: &str) -> Result<Span, TreeError> {
        let start = to_u32(self.text.len())?;
        self.text.push_str(s);
        Ok(Span {
            start,
            end: to_u32(self.text.len())?,
        })
    }

    // ----- fast paths for the parser (the current node is always the last one) -----

    /// Makes `node` ready to take one more property (a no-op for the last node).
    pub(crate) fn prepare_node_for_property(&mut self, node: NodeId) {
        // Cannot fail while the text is under 4 GiB, which the parser checks.
        let _ = self.make_props_last(node);
    }

    /// Starts a property on the last node; the caller then pushes its values.
    pub(crate) fn parser_begin_property(&mut self, id: &str) {
        let start = self.text.len() as u32;
        self.text.push_str(id);
        let values_start = self.values.len() as u32;
        self.props.push(PropData {
            id: Span {
                start,
                end: self.text.len() as u32,
            },
            values_start,
            values_end: values_start,
        });
    }

    /// The text buffer, to append a value's pieces to.
    pub(crate) fn parser_text(&mut self) -> &mut String {
        &mut self.text
    }

    /// Ends a value begun at text offset `start`.
    pub(crate) fn parser_end_value(&mut self, start: usize) {
        self.values.push(Span {
            start: start as u32,
            end: self.text.len() as u32,
        });
    }

    /// Ends the property begun last, attaching it to `node` (the last node).
    pub(crate) fn parser_end_property(&mut self, node: NodeId) {
        let values_end = self.values.len() as u32;
        if let Some(p) = self.props.last_mut() {
            p.values_end = values_end;
        }
        self.nodes[node.index()].props_end = self.props.len() as u32;
    }

    /// Total text bytes, for the 4 GiB limit.
    pub(crate) fn text_len(&self) -> usize {
        self.text.len()
    }

    fn prop_view(&self, index: u32) -> Property<'_> {
        Property { tree: self, index }
    }
}

fn span_str(text: &str, span: Span) -> &str {
    text.get(span.start as usize..span.end as usize)
        .unwrap_or("")
}

/// A node of a [`GameTree`]: its properties and its place in the tree.
#[derive(Copy, Clone)]
pub struct Node<'a> {
    tree: &'a GameTree,
    id: NodeId,
}

impl<'a> Node<'a> {
    fn data(self) -> &'a NodeData {
        &self.tree.nodes[self.id.index()]
    }

    /// This node's handle.
    #[must_use]
    pub fn id(self) -> NodeId {
        self.id
    }

    /// The properties, in the order they were read.
    pub fn properties(self) -> impl ExactSizeIterator<Item = Property<'a>> + 'a {
        let tree = self.tree;
        let data = self.data();
        (data.props_start..data.props_end).map(move |i| tree.prop_view(i))
    }

    /// The first property named `id`.
    #[must_use]
    pub fn get(self, id: &str) -> Option<Property<'a>> {
        self.properties().find(|p| p.id() == id)
    }

    /// The first value of the first property named `id`.
    #[must_use]
    pub fn value(self, id: &str) -> Option<&'a str> {
        self.get(id).map(|p| p.value())
    }

    /// Every value of every property named `id` (a property repeated in a node counts too).
    pub fn values(self, id: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.properties()
            .filter(move |p| p.id() == id)
            .flat_map(|p| p.values())
    }

    /// The parent, or `None` for the root.
    #[must_use]
    pub fn parent(self) -> Option<Node<'a>> {
        let parent = self.data().parent;
        (parent != NONE).then_some(Node {
            tree: self.tree,
            id: NodeId(parent),
        })
    }

    /// The children: the first continues the line, the others are variations.
    pub fn children(self) -> impl Iterator<Item = Node<'a>> + 'a {
        let tree = self.tree;
        let mut next = self.data().first_child;
        std::iter::from_fn(move || {
            if next == NONE {
                return None;
            }
            let id = NodeId(next);
            next = tree.nodes[next as usize].next_sibling;
            Some(Node { tree, id })
        })
    }

    /// The first child: the next node of this line.
    #[must_use]
    pub fn first_child(self) -> Option<Node<'a>> {
        self.children().next()
    }
}

/// One property of a node: an identifier such as `B` and one or more text values.
#[derive(Copy, Clone)]
pub struct Property<'a> {
    tree: &'a GameTree,
    index: u32,
}

impl<'a> Property<'a> {
    fn data(self) -> &'a PropData {
        &self.tree.props[self.index as usize]
    }

    /// The identifier: uppercase letters, such as `B`, `AB` or `KM`.
    #[must_use]
    pub fn id(self) -> &'a str {
        span_str(&self.tree.text, self.data().id)
    }

    /// The values, unescaped (there is at least one; `[]` is one empty value).
    pub fn values(self) -> impl ExactSizeIterator<Item = &'a str> + 'a {
        let tree = self.tree;
        let data = self.data();
        tree.values[data.values_start as usize..data.values_end as usize]
            .iter()
            .map(move |&span| span_str(&tree.text, span))
    }

    /// The first value.
    #[must_use]
    pub fn value(self) -> &'a str {
        self.values().next().unwrap_or("")
    }
}

impl PartialEq for GameTree {
    fn eq(&self, other: &GameTree) -> bool {
        if self.nodes.len() != other.nodes.len() {
            return false;
        }
        if self.nodes.is_empty() {
            return true;
        }
        // Walk both trees in step, without recursion.
        let mut stack = vec![(self.node(self.root()), other.node(other.root()))];
        while let Some((a, b)) = stack.pop() {
            if a.properties().len() != b.properties().len()
                || !a.properties().zip(b.properties()).all(|(p, q)| {
                    p.id() == q.id()
                        && p.values().len() == q.values().len()
                        && p.values().zip(q.values()).all(|(v, w)| v == w)
                })
            {
                return false;
            }
            let mut ca = a.children();
            let mut cb = b.children();
            loop {
                match (ca.next(), cb.next()) {
                    (None, None) => break,
                    (Some(x), Some(y)) => stack.push((x, y)),
                    _ => return false,
                }
            }
        }
        true
    }
}

impl Eq for GameTree {}
